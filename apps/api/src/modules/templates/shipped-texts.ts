import type { TemplateLanguage } from '@rentloop/domain/enums';

/**
 * The words of the templates Rentloop ships, per kind and language (the layout is `shipped.ts`).
 * Placeholders are mustache's `{{name}}`; a paragraph may hold them but no markup.
 */
export interface MailText {
  subject: string;
  heading: string;
  paragraphs: string[];
  button?: string;
}

type Texts = Record<TemplateLanguage, MailText>;

const hello = {
  en: (who: string) => `Hello ${who},`,
  de: (who: string) => `Hallo ${who},`,
  gr: (who: string) => `Γεια σας ${who},`,
  nl: (who: string) => `Hallo ${who},`,
  no: (who: string) => `Hei ${who},`,
};
const greet = (lang: TemplateLanguage, who: string) => hello[lang](who);
const USER = '{{user.name}}';
const CUSTOMER = '{{customer.name}}';

export const SHIPPED_TEXTS: Record<string, Texts> = {
  invitation: {
    en: {
      subject: 'You are invited to {{company.name}} on Rentloop',
      heading: 'Welcome to {{company.name}}',
      paragraphs: [
        greet('en', USER),
        '{{inviter.name}} invited you to work in {{company.name}} on Rentloop.',
        'Open the link to accept; if you are new to Rentloop, you choose your password there. The link is valid for 7 days and works once.',
      ],
      button: 'Accept the invitation',
    },
    de: {
      subject: 'Einladung zu {{company.name}} auf Rentloop',
      heading: 'Willkommen bei {{company.name}}',
      paragraphs: [
        greet('de', USER),
        '{{inviter.name}} hat Sie eingeladen, in {{company.name}} auf Rentloop mitzuarbeiten.',
        'Öffnen Sie den Link, um die Einladung anzunehmen; sind Sie neu bei Rentloop, wählen Sie dort Ihr Passwort. Der Link ist 7 Tage gültig und funktioniert einmal.',
      ],
      button: 'Einladung annehmen',
    },
    gr: {
      subject: 'Πρόσκληση στην {{company.name}} στο Rentloop',
      heading: 'Καλώς ήρθατε στην {{company.name}}',
      paragraphs: [
        greet('gr', USER),
        'Ο/Η {{inviter.name}} σας προσκάλεσε να εργαστείτε στην {{company.name}} στο Rentloop.',
        'Ανοίξτε τον σύνδεσμο για να αποδεχθείτε· αν είστε νέος χρήστης, εκεί επιλέγετε τον κωδικό σας. Ο σύνδεσμος ισχύει 7 ημέρες και λειτουργεί μία φορά.',
      ],
      button: 'Αποδοχή πρόσκλησης',
    },
    nl: {
      subject: 'Uitnodiging voor {{company.name}} op Rentloop',
      heading: 'Welkom bij {{company.name}}',
      paragraphs: [
        greet('nl', USER),
        '{{inviter.name}} heeft u uitgenodigd om in {{company.name}} op Rentloop te werken.',
        'Open de link om te accepteren; bent u nieuw bij Rentloop, dan kiest u daar uw wachtwoord. De link is 7 dagen geldig en werkt één keer.',
      ],
      button: 'Uitnodiging accepteren',
    },
    no: {
      subject: 'Invitasjon til {{company.name}} på Rentloop',
      heading: 'Velkommen til {{company.name}}',
      paragraphs: [
        greet('no', USER),
        '{{inviter.name}} har invitert deg til å jobbe i {{company.name}} på Rentloop.',
        'Åpne lenken for å godta; er du ny på Rentloop, velger du passordet ditt der. Lenken gjelder i 7 dager og virker én gang.',
      ],
      button: 'Godta invitasjonen',
    },
  },
  operator_invitation: {
    en: {
      subject: 'You are invited to Rentloop',
      heading: 'Welcome to Rentloop',
      paragraphs: [
        greet('en', USER),
        'The Rentloop team invited you to Rentloop.',
        'Choose your password to sign in. The link is valid for 7 days and works once.',
      ],
      button: 'Set your password',
    },
    de: {
      subject: 'Einladung zu Rentloop',
      heading: 'Willkommen bei Rentloop',
      paragraphs: [
        greet('de', USER),
        'Das Rentloop-Team hat Sie zu Rentloop eingeladen.',
        'Wählen Sie Ihr Passwort, um sich anzumelden. Der Link ist 7 Tage gültig und funktioniert einmal.',
      ],
      button: 'Passwort festlegen',
    },
    gr: {
      subject: 'Πρόσκληση στο Rentloop',
      heading: 'Καλώς ήρθατε στο Rentloop',
      paragraphs: [
        greet('gr', USER),
        'Η ομάδα του Rentloop σας προσκάλεσε στο Rentloop.',
        'Επιλέξτε κωδικό για να συνδεθείτε. Ο σύνδεσμος ισχύει 7 ημέρες και λειτουργεί μία φορά.',
      ],
      button: 'Ορισμός κωδικού',
    },
    nl: {
      subject: 'Uitnodiging voor Rentloop',
      heading: 'Welkom bij Rentloop',
      paragraphs: [
        greet('nl', USER),
        'Het Rentloop-team heeft u uitgenodigd voor Rentloop.',
        'Kies uw wachtwoord om in te loggen. De link is 7 dagen geldig en werkt één keer.',
      ],
      button: 'Wachtwoord instellen',
    },
    no: {
      subject: 'Invitasjon til Rentloop',
      heading: 'Velkommen til Rentloop',
      paragraphs: [
        greet('no', USER),
        'Rentloop-teamet har invitert deg til Rentloop.',
        'Velg passordet ditt for å logge inn. Lenken gjelder i 7 dager og virker én gang.',
      ],
      button: 'Velg passord',
    },
  },
  verification: {
    en: {
      subject: 'Confirm your email address',
      heading: 'Confirm your email address',
      paragraphs: [
        greet('en', USER),
        'please confirm your email address for Rentloop. The link is valid for 24 hours.',
      ],
      button: 'Confirm email',
    },
    de: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      heading: 'E-Mail-Adresse bestätigen',
      paragraphs: [
        greet('de', USER),
        'bitte bestätigen Sie Ihre E-Mail-Adresse für Rentloop. Der Link ist 24 Stunden gültig.',
      ],
      button: 'E-Mail bestätigen',
    },
    gr: {
      subject: 'Επιβεβαιώστε τη διεύθυνση email σας',
      heading: 'Επιβεβαίωση email',
      paragraphs: [
        greet('gr', USER),
        'επιβεβαιώστε τη διεύθυνση email σας για το Rentloop. Ο σύνδεσμος ισχύει 24 ώρες.',
      ],
      button: 'Επιβεβαίωση email',
    },
    nl: {
      subject: 'Bevestig uw e-mailadres',
      heading: 'E-mailadres bevestigen',
      paragraphs: [greet('nl', USER), 'bevestig uw e-mailadres voor Rentloop. De link is 24 uur geldig.'],
      button: 'E-mail bevestigen',
    },
    no: {
      subject: 'Bekreft e-postadressen din',
      heading: 'Bekreft e-postadressen',
      paragraphs: [greet('no', USER), 'bekreft e-postadressen din for Rentloop. Lenken gjelder i 24 timer.'],
      button: 'Bekreft e-post',
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your Rentloop password',
      heading: 'Reset your password',
      paragraphs: [
        greet('en', USER),
        'someone (hopefully you) asked to reset your Rentloop password. The link is valid for 60 minutes and works once.',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      button: 'Choose a new password',
    },
    de: {
      subject: 'Rentloop-Passwort zurücksetzen',
      heading: 'Passwort zurücksetzen',
      paragraphs: [
        greet('de', USER),
        'jemand (hoffentlich Sie) möchte Ihr Rentloop-Passwort zurücksetzen. Der Link ist 60 Minuten gültig und funktioniert einmal.',
        'Falls Sie das nicht waren, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
      ],
      button: 'Neues Passwort wählen',
    },
    gr: {
      subject: 'Επαναφορά κωδικού Rentloop',
      heading: 'Επαναφορά κωδικού',
      paragraphs: [
        greet('gr', USER),
        'κάποιος (ελπίζουμε εσείς) ζήτησε επαναφορά του κωδικού σας στο Rentloop. Ο σύνδεσμος ισχύει 60 λεπτά και λειτουργεί μία φορά.',
        'Αν δεν το ζητήσατε, αγνοήστε αυτό το email: ο κωδικός σας δεν αλλάζει.',
      ],
      button: 'Νέος κωδικός',
    },
    nl: {
      subject: 'Uw Rentloop-wachtwoord opnieuw instellen',
      heading: 'Wachtwoord opnieuw instellen',
      paragraphs: [
        greet('nl', USER),
        'iemand (hopelijk u) wil uw Rentloop-wachtwoord opnieuw instellen. De link is 60 minuten geldig en werkt één keer.',
        'Heeft u dit niet gevraagd, negeer deze e-mail dan: uw wachtwoord blijft zoals het is.',
      ],
      button: 'Nieuw wachtwoord kiezen',
    },
    no: {
      subject: 'Tilbakestill Rentloop-passordet ditt',
      heading: 'Tilbakestill passordet',
      paragraphs: [
        greet('no', USER),
        'noen (forhåpentligvis du) har bedt om å tilbakestille Rentloop-passordet ditt. Lenken gjelder i 60 minutter og virker én gang.',
        'Har du ikke bedt om dette, kan du se bort fra e-posten: passordet ditt forblir som det er.',
      ],
      button: 'Velg nytt passord',
    },
  },
  order_confirmation: {
    en: {
      subject: 'Your order {{order.number}} at {{company.name}}',
      heading: 'Thank you for your order',
      paragraphs: [
        greet('en', CUSTOMER),
        'we have received your order {{order.number}} over {{order.total}}. We will let you know when it ships.',
      ],
      button: 'View your order',
    },
    de: {
      subject: 'Ihre Bestellung {{order.number}} bei {{company.name}}',
      heading: 'Vielen Dank für Ihre Bestellung',
      paragraphs: [
        greet('de', CUSTOMER),
        'wir haben Ihre Bestellung {{order.number}} über {{order.total}} erhalten. Wir melden uns, sobald sie versandt wird.',
      ],
      button: 'Bestellung ansehen',
    },
    gr: {
      subject: 'Η παραγγελία σας {{order.number}} στην {{company.name}}',
      heading: 'Ευχαριστούμε για την παραγγελία σας',
      paragraphs: [
        greet('gr', CUSTOMER),
        'λάβαμε την παραγγελία σας {{order.number}} αξίας {{order.total}}. Θα σας ενημερώσουμε όταν αποσταλεί.',
      ],
      button: 'Προβολή παραγγελίας',
    },
    nl: {
      subject: 'Uw bestelling {{order.number}} bij {{company.name}}',
      heading: 'Bedankt voor uw bestelling',
      paragraphs: [
        greet('nl', CUSTOMER),
        'we hebben uw bestelling {{order.number}} van {{order.total}} ontvangen. We laten het u weten zodra ze verzonden is.',
      ],
      button: 'Bestelling bekijken',
    },
    no: {
      subject: 'Bestillingen din {{order.number}} hos {{company.name}}',
      heading: 'Takk for bestillingen',
      paragraphs: [
        greet('no', CUSTOMER),
        'vi har mottatt bestillingen din {{order.number}} på {{order.total}}. Vi gir beskjed når den sendes.',
      ],
      button: 'Se bestillingen',
    },
  },
  quote: {
    en: {
      subject: 'Your quote {{quote.number}} from {{company.name}}',
      heading: 'Your quote',
      paragraphs: [
        greet('en', CUSTOMER),
        'here is your quote {{quote.number}} over {{quote.total}}. Open it to review and accept it.',
      ],
      button: 'Review the quote',
    },
    de: {
      subject: 'Ihr Angebot {{quote.number}} von {{company.name}}',
      heading: 'Ihr Angebot',
      paragraphs: [
        greet('de', CUSTOMER),
        'hier ist Ihr Angebot {{quote.number}} über {{quote.total}}. Öffnen Sie es, um es zu prüfen und anzunehmen.',
      ],
      button: 'Angebot ansehen',
    },
    gr: {
      subject: 'Η προσφορά σας {{quote.number}} από την {{company.name}}',
      heading: 'Η προσφορά σας',
      paragraphs: [
        greet('gr', CUSTOMER),
        'ακολουθεί η προσφορά σας {{quote.number}} αξίας {{quote.total}}. Ανοίξτε την για να την ελέγξετε και να την αποδεχθείτε.',
      ],
      button: 'Προβολή προσφοράς',
    },
    nl: {
      subject: 'Uw offerte {{quote.number}} van {{company.name}}',
      heading: 'Uw offerte',
      paragraphs: [
        greet('nl', CUSTOMER),
        'hier is uw offerte {{quote.number}} van {{quote.total}}. Open ze om ze te bekijken en te accepteren.',
      ],
      button: 'Offerte bekijken',
    },
    no: {
      subject: 'Tilbudet ditt {{quote.number}} fra {{company.name}}',
      heading: 'Tilbudet ditt',
      paragraphs: [
        greet('no', CUSTOMER),
        'her er tilbudet ditt {{quote.number}} på {{quote.total}}. Åpne det for å se gjennom og godta det.',
      ],
      button: 'Se tilbudet',
    },
  },
  invoice: {
    en: {
      subject: 'Invoice {{invoice.number}} from {{company.name}}',
      heading: 'Your invoice',
      paragraphs: [
        greet('en', CUSTOMER),
        'your invoice {{invoice.number}} over {{invoice.total}} is ready. It is due on {{invoice.due_date}}.',
      ],
      button: 'View the invoice',
    },
    de: {
      subject: 'Rechnung {{invoice.number}} von {{company.name}}',
      heading: 'Ihre Rechnung',
      paragraphs: [
        greet('de', CUSTOMER),
        'Ihre Rechnung {{invoice.number}} über {{invoice.total}} ist bereit. Sie ist am {{invoice.due_date}} fällig.',
      ],
      button: 'Rechnung ansehen',
    },
    gr: {
      subject: 'Τιμολόγιο {{invoice.number}} από την {{company.name}}',
      heading: 'Το τιμολόγιό σας',
      paragraphs: [
        greet('gr', CUSTOMER),
        'το τιμολόγιό σας {{invoice.number}} αξίας {{invoice.total}} είναι έτοιμο. Λήγει στις {{invoice.due_date}}.',
      ],
      button: 'Προβολή τιμολογίου',
    },
    nl: {
      subject: 'Factuur {{invoice.number}} van {{company.name}}',
      heading: 'Uw factuur',
      paragraphs: [
        greet('nl', CUSTOMER),
        'uw factuur {{invoice.number}} van {{invoice.total}} staat klaar. Ze vervalt op {{invoice.due_date}}.',
      ],
      button: 'Factuur bekijken',
    },
    no: {
      subject: 'Faktura {{invoice.number}} fra {{company.name}}',
      heading: 'Fakturaen din',
      paragraphs: [
        greet('no', CUSTOMER),
        'fakturaen din {{invoice.number}} på {{invoice.total}} er klar. Den forfaller {{invoice.due_date}}.',
      ],
      button: 'Se fakturaen',
    },
  },
};
