import type { TemplateLanguage } from '@rentloop/domain/enums';
import type { MailText } from './shipped-texts.ts';

/**
 * The customer's notice that an unpaid invoice went to the debt collection agency (debt-collection/mail.ts,
 * the `debt_collection` setting `notify_customer`). No button: the agency contacts the customer, and the
 * product has no customer page to pay on.
 */
export const SHIPPED_DEBT_TEXTS: Record<string, Record<TemplateLanguage, MailText>> = {
  debt_collection_handover: {
    en: {
      subject: 'Invoice {{invoice.number}} handed over to debt collection',
      heading: 'Your invoice was handed over to debt collection',
      paragraphs: [
        'Hello {{customer.name}},',
        'invoice {{invoice.number}} is still unpaid despite our reminders. We have handed the open amount of {{payment.amount}} over to the collection agency {{agency.name}}.',
        'From now on, {{agency.name}} will contact you about the payment. Please pay the claim through the agency.',
      ],
    },
    de: {
      subject: 'Rechnung {{invoice.number}} an das Inkasso übergeben',
      heading: 'Ihre Rechnung wurde an das Inkasso übergeben',
      paragraphs: [
        'Hallo {{customer.name}},',
        'die Rechnung {{invoice.number}} ist trotz unserer Erinnerungen noch offen. Wir haben den offenen Betrag von {{payment.amount}} an das Inkassobüro {{agency.name}} übergeben.',
        'Ab jetzt meldet sich {{agency.name}} bei Ihnen wegen der Zahlung. Bitte begleichen Sie die Forderung über das Inkassobüro.',
      ],
    },
    gr: {
      subject: 'Το τιμολόγιο {{invoice.number}} παραδόθηκε για είσπραξη οφειλών',
      heading: 'Το τιμολόγιό σας παραδόθηκε για είσπραξη',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'το τιμολόγιο {{invoice.number}} παραμένει απλήρωτο παρά τις υπενθυμίσεις μας. Παραδώσαμε το ανοιχτό ποσό των {{payment.amount}} στην εταιρεία είσπραξης {{agency.name}}.',
        'Από εδώ και πέρα η {{agency.name}} θα επικοινωνεί μαζί σας για την πληρωμή. Παρακαλούμε εξοφλήστε την απαίτηση μέσω της εταιρείας.',
      ],
    },
    nl: {
      subject: 'Factuur {{invoice.number}} overgedragen aan het incassobureau',
      heading: 'Uw factuur is overgedragen aan het incassobureau',
      paragraphs: [
        'Hallo {{customer.name}},',
        'factuur {{invoice.number}} is ondanks onze herinneringen nog niet betaald. We hebben het openstaande bedrag van {{payment.amount}} overgedragen aan het incassobureau {{agency.name}}.',
        'Vanaf nu neemt {{agency.name}} contact met u op over de betaling. Betaal de vordering via het incassobureau.',
      ],
    },
    no: {
      subject: 'Faktura {{invoice.number}} er overlevert til inkasso',
      heading: 'Fakturaen din er overlevert til inkasso',
      paragraphs: [
        'Hei {{customer.name}},',
        'faktura {{invoice.number}} er fortsatt ubetalt til tross for påminnelsene våre. Vi har overlevert det utestående beløpet på {{payment.amount}} til inkassobyrået {{agency.name}}.',
        'Fra nå av tar {{agency.name}} kontakt med deg om betalingen. Betal kravet gjennom inkassobyrået.',
      ],
    },
  },
};
