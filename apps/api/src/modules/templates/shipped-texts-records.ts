import type { TemplateLanguage } from '@rentloop/domain/enums';
import type { MailText } from './shipped-texts.ts';

/**
 * The words of the record mails staff send from a screen besides the order confirmation and the quote
 * (`POST email/send-subscription`, `email/send-transaction`): the subscription summary and the payment
 * receipt.
 */
type Texts = Record<TemplateLanguage, MailText>;

export const SHIPPED_RECORD_TEXTS: Record<string, Texts> = {
  subscription_summary: {
    en: {
      subject: 'Your subscription {{subscription.number}} at {{company.name}}',
      heading: 'Your subscription',
      paragraphs: [
        'Hello {{customer.name}},',
        'here is a summary of your subscription {{subscription.number}}: {{subscription.product}} for {{subscription.price}}, since {{subscription.start_date}}.',
        'Your next billing date is {{subscription.next_billing_date}}.',
      ],
      button: 'View your subscription',
    },
    de: {
      subject: 'Ihr Abonnement {{subscription.number}} bei {{company.name}}',
      heading: 'Ihr Abonnement',
      paragraphs: [
        'Hallo {{customer.name}},',
        'hier ist eine Übersicht Ihres Abonnements {{subscription.number}}: {{subscription.product}} für {{subscription.price}}, seit {{subscription.start_date}}.',
        'Ihre nächste Abrechnung ist am {{subscription.next_billing_date}}.',
      ],
      button: 'Abonnement ansehen',
    },
    gr: {
      subject: 'Η συνδρομή σας {{subscription.number}} στην {{company.name}}',
      heading: 'Η συνδρομή σας',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'ακολουθεί μια σύνοψη της συνδρομής σας {{subscription.number}}: {{subscription.product}} για {{subscription.price}}, από {{subscription.start_date}}.',
        'Η επόμενη χρέωση είναι στις {{subscription.next_billing_date}}.',
      ],
      button: 'Προβολή συνδρομής',
    },
    nl: {
      subject: 'Uw abonnement {{subscription.number}} bij {{company.name}}',
      heading: 'Uw abonnement',
      paragraphs: [
        'Hallo {{customer.name}},',
        'hier is een overzicht van uw abonnement {{subscription.number}}: {{subscription.product}} voor {{subscription.price}}, sinds {{subscription.start_date}}.',
        'Uw volgende factuurdatum is {{subscription.next_billing_date}}.',
      ],
      button: 'Abonnement bekijken',
    },
    no: {
      subject: 'Abonnementet ditt {{subscription.number}} hos {{company.name}}',
      heading: 'Abonnementet ditt',
      paragraphs: [
        'Hei {{customer.name}},',
        'her er en oversikt over abonnementet ditt {{subscription.number}}: {{subscription.product}} for {{subscription.price}}, siden {{subscription.start_date}}.',
        'Neste faktureringsdato er {{subscription.next_billing_date}}.',
      ],
      button: 'Se abonnementet',
    },
  },
  payment_receipt: {
    en: {
      subject: 'Your payment to {{company.name}}',
      heading: 'Thank you for your payment',
      paragraphs: [
        'Hello {{customer.name}},',
        'we received your payment of {{payment.amount}} on {{payment.date}} for invoice {{invoice.number}}.',
        'Reference: {{payment.reference}}',
      ],
      button: 'View your invoice',
    },
    de: {
      subject: 'Ihre Zahlung an {{company.name}}',
      heading: 'Vielen Dank für Ihre Zahlung',
      paragraphs: [
        'Hallo {{customer.name}},',
        'wir haben Ihre Zahlung über {{payment.amount}} am {{payment.date}} für die Rechnung {{invoice.number}} erhalten.',
        'Referenz: {{payment.reference}}',
      ],
      button: 'Rechnung ansehen',
    },
    gr: {
      subject: 'Η πληρωμή σας στην {{company.name}}',
      heading: 'Ευχαριστούμε για την πληρωμή σας',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'λάβαμε την πληρωμή σας ύψους {{payment.amount}} στις {{payment.date}} για το τιμολόγιο {{invoice.number}}.',
        'Αναφορά: {{payment.reference}}',
      ],
      button: 'Προβολή τιμολογίου',
    },
    nl: {
      subject: 'Uw betaling aan {{company.name}}',
      heading: 'Bedankt voor uw betaling',
      paragraphs: [
        'Hallo {{customer.name}},',
        'we hebben uw betaling van {{payment.amount}} op {{payment.date}} voor factuur {{invoice.number}} ontvangen.',
        'Referentie: {{payment.reference}}',
      ],
      button: 'Factuur bekijken',
    },
    no: {
      subject: 'Betalingen din til {{company.name}}',
      heading: 'Takk for betalingen',
      paragraphs: [
        'Hei {{customer.name}},',
        'vi har mottatt betalingen din på {{payment.amount}} den {{payment.date}} for faktura {{invoice.number}}.',
        'Referanse: {{payment.reference}}',
      ],
      button: 'Se fakturaen',
    },
  },
};
