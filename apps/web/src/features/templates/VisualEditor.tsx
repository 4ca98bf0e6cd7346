/**
 * The visual editor of a template: GrapesJS with the newsletter preset (email-safe blocks: sections,
 * text, image, button, divider). GrapesJS and its styles are imported when this component mounts,
 * never by another screen (some 300 kB gzip), so the rest of the app does not pay for them.
 *
 * It edits `html_raw` and `css_raw` and reports every change the user makes.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { Editor } from 'grapesjs';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { templatesIds } from './testids.ts';

export interface VisualEditorHandle {
  /** Replaces the whole content (a restored draft). */
  load(content: { html_raw: string; css_raw: string }): void;
}

interface Props {
  html: string;
  css: string;
  readOnly?: boolean;
  onChange(content: { html_raw: string; css_raw: string }): void;
}

/**
 * GrapesJS's own panels have controls without an accessible name (the class state select, some
 * inputs): each gets one from its panel label, placeholder or id, as the panels are drawn.
 */
function nameUnnamedControls(root: HTMLElement) {
  for (const el of root.querySelectorAll<HTMLElement>('select, input, textarea')) {
    if (el.getAttribute('aria-label') || el.getAttribute('title') || (el as HTMLInputElement).labels?.length)
      continue;
    const panelLabel = el
      .closest('.gjs-field-wrp, .gjs-sm-property, .gjs-trt-trait, .gjs-clm-tags')
      ?.querySelector('.gjs-label, .gjs-sm-label, .gjs-trt-trait__label, .gjs-clm-header-label, label')
      ?.textContent?.trim();
    const fromId = el.id.replace(/^gjs-(clm-)?/, '').replace(/[-_]+/g, ' ');
    el.setAttribute('aria-label', panelLabel || el.getAttribute('placeholder') || fromId || 'Editor setting');
  }
}

export const VisualEditor = forwardRef<VisualEditorHandle, Props>(function VisualEditor(
  { html, css, readOnly, onChange },
  ref,
) {
  const container = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The first content only: later content comes from the editor itself (or `load`).
  const initial = useRef({ html, css });

  useImperativeHandle(ref, () => ({
    load(content) {
      const editor = editorRef.current;
      if (!editor) return;
      editor.setComponents(content.html_raw);
      editor.setStyle(content.css_raw);
    },
  }));

  useEffect(() => {
    let cancelled = false;
    let editor: Editor | null = null;
    (async () => {
      const [{ default: grapesjs }, presetModule] = await Promise.all([
        import('grapesjs'),
        import('grapesjs-preset-newsletter'),
        import('grapesjs/dist/css/grapes.min.css'),
        // The editor's icons, served by us (GrapesJS would fetch them from a CDN the CSP refuses).
        import('font-awesome/css/font-awesome.min.css'),
      ]);
      // The preset is a CommonJS bundle: its function is `default`, or `default.default` once bundled.
      const wrapped = presetModule.default as unknown as { default?: typeof presetModule.default };
      const newsletter = wrapped.default ?? presetModule.default;
      if (cancelled || !container.current) return;
      editor = grapesjs.init({
        container: container.current,
        height: '620px',
        width: 'auto',
        storageManager: false,
        // Nothing leaves the browser: no usage reports, no icon font from a CDN (imported above).
        telemetry: false,
        cssIcons: '',
        // Nothing is fetched from elsewhere: the editor's own assets only.
        assetManager: { upload: false },
        plugins: [(e) => newsletter(e, { inlineCss: false })],
        components: initial.current.html,
        style: initial.current.css,
        canvas: { styles: [], scripts: [] },
      });
      editorRef.current = editor;
      let loaded = false;
      // Changes from the user only: the editor's own parsing of the content at load is none.
      editor.on('update', () => {
        if (loaded && editor)
          onChangeRef.current({ html_raw: editor.getHtml(), css_raw: editor.getCss() ?? '' });
      });
      const host = container.current;
      const observer = new MutationObserver(() => nameUnnamedControls(host));
      observer.observe(host, { childList: true, subtree: true });
      editor.on('destroy', () => observer.disconnect());
      editor.on('load', () => {
        loaded = true;
        nameUnnamedControls(host);
        // Named for screen readers (the canvas is an iframe), and the side panel reachable by keyboard.
        editor?.Canvas.getFrameEl()?.setAttribute('title', 'Template canvas');
        container.current?.querySelector('.gjs-pn-views-container')?.setAttribute('tabindex', '0');
        if (!cancelled) setState('ready');
      });
    })().catch((e: unknown) => {
      // Kept in the console for whoever looks into it: a failed chunk download, or the editor's own error.
      console.error('The template editor failed to load', e);
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      editorRef.current = null;
      editor?.destroy();
    };
  }, []);

  return (
    <Box data-testid={templatesIds.canvas} sx={{ position: 'relative' }}>
      {state === 'loading' && <LinearProgress aria-label="Loading the editor" />}
      {state === 'failed' && <Alert severity="error">The editor could not be loaded. Reload the page.</Alert>}
      <Box
        ref={container}
        role="region"
        aria-label="Visual editor"
        sx={{
          minHeight: 620,
          // The editor's colours in ours, dark enough for its small texts to be read (WCAG AA).
          '--gjs-primary-color': '#1d2b36',
          '--gjs-main-color': '#1d2b36',
          '--gjs-secondary-color': '#f4f6f8',
          '--gjs-font-color': '#f4f6f8',
          '--gjs-tertiary-color': '#00745a',
          '--gjs-quaternary-color': '#00e3ae',
          border: 1,
          borderColor: 'divider',
          pointerEvents: readOnly ? 'none' : undefined,
          opacity: readOnly ? 0.8 : 1,
        }}
      />
    </Box>
  );
});
