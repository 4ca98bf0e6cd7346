/**
 * The HTML of a mail staff write themselves (`POST email/send`), cleaned before it is kept or sent
 * (docs/decisions.md 65): no script, style or embedded content, no event handler or `style` attribute
 * (CSS can load `url(...)`), links only to http(s), mailto and tel, and the one remote content allowed
 * is an image over https (no http, data or protocol-relative sources: a recipient's client would fetch
 * them in the clear or the mail could smuggle content in).
 */
import sanitizeHtml from 'sanitize-html';

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    // `rel` and `target` are set by the transform below.
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // What is dropped goes whole, its text too: a script's code never becomes the mail's words.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object'],
  transformTags: {
    // A link opens outside the mail client's frame and tells the target nothing.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }),
  },
  // An image without a usable source is dropped rather than kept as an empty box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export const sanitizeMailHtml = (html: string): string => sanitizeHtml(html, POLICY).trim();
