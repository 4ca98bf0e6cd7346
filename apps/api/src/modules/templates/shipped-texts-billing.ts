import type { TemplateLanguage } from '@rentloop/domain/enums';
import type { MailText } from './shipped-texts.ts';

/**
 * The words of the billing mails Rentloop ships: dunning 1-3, payment method declined, subscription ending,
 * buyout offer, and the staff's invoices download.
 */
type Texts = Record<TemplateLanguage, MailText>;

const dunning = (n: 1 | 2 | 3): Texts => {
  const last = n === 3;
  return {
    en: {
      subject: last
        ? 'Last reminder: payment for {{company.name}} failed'
        : 'Your payment to {{company.name}} failed',
      heading: last ? 'Last reminder' : 'Your payment failed',
      paragraphs: [
        'Hello {{customer.name}},',
        `we could not collect {{payment.amount}} for invoice {{invoice.number}}${n === 1 ? '' : ', again'}.`,
        last
          ? 'This is our last attempt, on {{payment.retry_date}}. Please update your payment method before then, or your subscription may end.'
          : 'We will try again on {{payment.retry_date}}. Please check your payment method.',
      ],
      button: 'Update payment method',
    },
    de: {
      subject: last
        ? 'Letzte Erinnerung: Zahlung an {{company.name}} fehlgeschlagen'
        : 'Ihre Zahlung an {{company.name}} ist fehlgeschlagen',
      heading: last ? 'Letzte Erinnerung' : 'Zahlung fehlgeschlagen',
      paragraphs: [
        'Hallo {{customer.name}},',
        `wir konnten {{payment.amount}} für die Rechnung {{invoice.number}}${n === 1 ? '' : ' erneut'} nicht einziehen.`,
        last
          ? 'Dies ist unser letzter Versuch, am {{payment.retry_date}}. Bitte aktualisieren Sie vorher Ihre Zahlungsart, sonst kann Ihr Abonnement enden.'
          : 'Wir versuchen es am {{payment.retry_date}} erneut. Bitte prüfen Sie Ihre Zahlungsart.',
      ],
      button: 'Zahlungsart aktualisieren',
    },
    gr: {
      subject: last
        ? 'Τελευταία υπενθύμιση: η πληρωμή προς {{company.name}} απέτυχε'
        : 'Η πληρωμή σας προς {{company.name}} απέτυχε',
      heading: last ? 'Τελευταία υπενθύμιση' : 'Η πληρωμή απέτυχε',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        `δεν μπορέσαμε${n === 1 ? '' : ' ξανά'} να εισπράξουμε {{payment.amount}} για το τιμολόγιο {{invoice.number}}.`,
        last
          ? 'Αυτή είναι η τελευταία προσπάθεια, στις {{payment.retry_date}}. Ενημερώστε τον τρόπο πληρωμής σας πριν από τότε, αλλιώς η συνδρομή σας μπορεί να λήξει.'
          : 'Θα προσπαθήσουμε ξανά στις {{payment.retry_date}}. Ελέγξτε τον τρόπο πληρωμής σας.',
      ],
      button: 'Ενημέρωση τρόπου πληρωμής',
    },
    nl: {
      subject: last
        ? 'Laatste herinnering: betaling aan {{company.name}} mislukt'
        : 'Uw betaling aan {{company.name}} is mislukt',
      heading: last ? 'Laatste herinnering' : 'Betaling mislukt',
      paragraphs: [
        'Hallo {{customer.name}},',
        `we konden {{payment.amount}} voor factuur {{invoice.number}}${n === 1 ? '' : ' opnieuw'} niet innen.`,
        last
          ? 'Dit is onze laatste poging, op {{payment.retry_date}}. Werk vóór die datum uw betaalmethode bij, anders kan uw abonnement eindigen.'
          : 'We proberen het opnieuw op {{payment.retry_date}}. Controleer uw betaalmethode.',
      ],
      button: 'Betaalmethode bijwerken',
    },
    no: {
      subject: last
        ? 'Siste påminnelse: betalingen til {{company.name}} mislyktes'
        : 'Betalingen din til {{company.name}} mislyktes',
      heading: last ? 'Siste påminnelse' : 'Betalingen mislyktes',
      paragraphs: [
        'Hei {{customer.name}},',
        `vi kunne${n === 1 ? '' : ' igjen'} ikke trekke {{payment.amount}} for faktura {{invoice.number}}.`,
        last
          ? 'Dette er vårt siste forsøk, {{payment.retry_date}}. Oppdater betalingsmåten din før det, ellers kan abonnementet ditt avsluttes.'
          : 'Vi prøver igjen {{payment.retry_date}}. Sjekk betalingsmåten din.',
      ],
      button: 'Oppdater betalingsmåte',
    },
  };
};

export const SHIPPED_BILLING_TEXTS: Record<string, Texts> = {
  payment_failed_1: dunning(1),
  payment_failed_2: dunning(2),
  payment_failed_3: dunning(3),
  // A hard decline: nothing is retried, so unlike the dunning mails this one names no retry date.
  payment_method_declined: {
    en: {
      subject: 'Please update your payment method for {{company.name}}',
      heading: 'Your payment method was declined',
      paragraphs: [
        'Hello {{customer.name}},',
        'your bank declined the payment of {{payment.amount}} for invoice {{invoice.number}}, and this payment method cannot be charged again.',
        'Please give us another payment method so that we can collect the amount.',
      ],
      button: 'Update payment method',
    },
    de: {
      subject: 'Bitte aktualisieren Sie Ihre Zahlungsart bei {{company.name}}',
      heading: 'Ihre Zahlungsart wurde abgelehnt',
      paragraphs: [
        'Hallo {{customer.name}},',
        'Ihre Bank hat die Zahlung von {{payment.amount}} für die Rechnung {{invoice.number}} abgelehnt; diese Zahlungsart kann nicht erneut belastet werden.',
        'Bitte hinterlegen Sie eine andere Zahlungsart, damit wir den Betrag einziehen können.',
      ],
      button: 'Zahlungsart aktualisieren',
    },
    gr: {
      subject: 'Ενημερώστε τον τρόπο πληρωμής σας για {{company.name}}',
      heading: 'Ο τρόπος πληρωμής σας απορρίφθηκε',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'η τράπεζά σας απέρριψε την πληρωμή {{payment.amount}} για το τιμολόγιο {{invoice.number}} και αυτός ο τρόπος πληρωμής δεν μπορεί να χρεωθεί ξανά.',
        'Δώστε μας έναν άλλο τρόπο πληρωμής, ώστε να εισπράξουμε το ποσό.',
      ],
      button: 'Ενημέρωση τρόπου πληρωμής',
    },
    nl: {
      subject: 'Werk uw betaalmethode bij voor {{company.name}}',
      heading: 'Uw betaalmethode is geweigerd',
      paragraphs: [
        'Hallo {{customer.name}},',
        'uw bank heeft de betaling van {{payment.amount}} voor factuur {{invoice.number}} geweigerd; deze betaalmethode kan niet opnieuw worden belast.',
        'Geef ons een andere betaalmethode, zodat we het bedrag kunnen innen.',
      ],
      button: 'Betaalmethode bijwerken',
    },
    no: {
      subject: 'Oppdater betalingsmåten din hos {{company.name}}',
      heading: 'Betalingsmåten din ble avvist',
      paragraphs: [
        'Hei {{customer.name}},',
        'banken din avviste betalingen på {{payment.amount}} for faktura {{invoice.number}}, og denne betalingsmåten kan ikke belastes igjen.',
        'Gi oss en annen betalingsmåte, slik at vi kan kreve inn beløpet.',
      ],
      button: 'Oppdater betalingsmåte',
    },
  },
  subscription_ending: {
    en: {
      subject: 'Your {{subscription.product}} subscription ends on {{subscription.end_date}}',
      heading: 'Your subscription ends soon',
      paragraphs: [
        'Hello {{customer.name}},',
        'your subscription for {{subscription.product}} ends on {{subscription.end_date}}. Tell us whether you would like to keep, return or extend it.',
      ],
      button: 'Manage your subscription',
    },
    de: {
      subject: 'Ihr Abonnement für {{subscription.product}} endet am {{subscription.end_date}}',
      heading: 'Ihr Abonnement endet bald',
      paragraphs: [
        'Hallo {{customer.name}},',
        'Ihr Abonnement für {{subscription.product}} endet am {{subscription.end_date}}. Sagen Sie uns, ob Sie es behalten, zurückgeben oder verlängern möchten.',
      ],
      button: 'Abonnement verwalten',
    },
    gr: {
      subject: 'Η συνδρομή σας για {{subscription.product}} λήγει στις {{subscription.end_date}}',
      heading: 'Η συνδρομή σας λήγει σύντομα',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'η συνδρομή σας για {{subscription.product}} λήγει στις {{subscription.end_date}}. Πείτε μας αν θέλετε να το κρατήσετε, να το επιστρέψετε ή να την παρατείνετε.',
      ],
      button: 'Διαχείριση συνδρομής',
    },
    nl: {
      subject: 'Uw abonnement op {{subscription.product}} eindigt op {{subscription.end_date}}',
      heading: 'Uw abonnement eindigt binnenkort',
      paragraphs: [
        'Hallo {{customer.name}},',
        'uw abonnement op {{subscription.product}} eindigt op {{subscription.end_date}}. Laat ons weten of u het wilt houden, terugsturen of verlengen.',
      ],
      button: 'Abonnement beheren',
    },
    no: {
      subject: 'Abonnementet ditt på {{subscription.product}} slutter {{subscription.end_date}}',
      heading: 'Abonnementet ditt slutter snart',
      paragraphs: [
        'Hei {{customer.name}},',
        'abonnementet ditt på {{subscription.product}} slutter {{subscription.end_date}}. Si fra om du vil beholde, returnere eller forlenge det.',
      ],
      button: 'Administrer abonnementet',
    },
  },
  buyout_offer: {
    en: {
      subject: 'Keep your {{subscription.product}} for {{buyout.price}}',
      heading: 'Make it yours',
      paragraphs: [
        'Hello {{customer.name}},',
        'you can buy the {{subscription.product}} you rent for {{buyout.price}}, what you have paid so far already counted. Your subscription then ends and the product is yours.',
      ],
      button: 'Buy it',
    },
    de: {
      subject: 'Behalten Sie {{subscription.product}} für {{buyout.price}}',
      heading: 'Kaufen statt mieten',
      paragraphs: [
        'Hallo {{customer.name}},',
        'Sie können das gemietete {{subscription.product}} für {{buyout.price}} kaufen; bisherige Zahlungen sind bereits angerechnet. Ihr Abonnement endet dann und das Produkt gehört Ihnen.',
      ],
      button: 'Jetzt kaufen',
    },
    gr: {
      subject: 'Κρατήστε το {{subscription.product}} για {{buyout.price}}',
      heading: 'Κάντε το δικό σας',
      paragraphs: [
        'Γεια σας {{customer.name}},',
        'μπορείτε να αγοράσετε το {{subscription.product}} που μισθώνετε για {{buyout.price}}, με τις πληρωμές σας ως τώρα ήδη συμψηφισμένες. Η συνδρομή σας τότε λήγει και το προϊόν είναι δικό σας.',
      ],
      button: 'Αγορά',
    },
    nl: {
      subject: 'Houd uw {{subscription.product}} voor {{buyout.price}}',
      heading: 'Maak het van u',
      paragraphs: [
        'Hallo {{customer.name}},',
        'u kunt de gehuurde {{subscription.product}} kopen voor {{buyout.price}}; wat u al betaald hebt, is meegerekend. Uw abonnement eindigt dan en het product is van u.',
      ],
      button: 'Nu kopen',
    },
    no: {
      subject: 'Behold {{subscription.product}} for {{buyout.price}}',
      heading: 'Gjør det til ditt',
      paragraphs: [
        'Hei {{customer.name}},',
        'du kan kjøpe {{subscription.product}} som du leier, for {{buyout.price}}; det du har betalt hittil er allerede trukket fra. Abonnementet slutter da, og produktet er ditt.',
      ],
      button: 'Kjøp nå',
    },
  },
  invoices_download: {
    en: {
      subject: 'Your invoices from {{company.name}} are ready to download',
      heading: 'Your download is ready',
      paragraphs: [
        'Hello {{user.name}},',
        'the PDFs of the {{download.count}} invoices you selected are in one ZIP file.',
        'Open the link while signed in to download it. It works until {{download.expires}}.',
      ],
      button: 'Download the invoices',
    },
    de: {
      subject: 'Ihre Rechnungen von {{company.name}} stehen zum Download bereit',
      heading: 'Ihr Download ist bereit',
      paragraphs: [
        'Hallo {{user.name}},',
        'die PDFs der {{download.count}} ausgewählten Rechnungen liegen in einer ZIP-Datei.',
        'Öffnen Sie den Link angemeldet, um sie herunterzuladen. Er funktioniert bis {{download.expires}}.',
      ],
      button: 'Rechnungen herunterladen',
    },
    gr: {
      subject: 'Τα τιμολόγιά σας από την {{company.name}} είναι έτοιμα για λήψη',
      heading: 'Η λήψη σας είναι έτοιμη',
      paragraphs: [
        'Γεια σας {{user.name}},',
        'τα PDF των {{download.count}} τιμολογίων που επιλέξατε βρίσκονται σε ένα αρχείο ZIP.',
        'Ανοίξτε τον σύνδεσμο συνδεδεμένοι για να το κατεβάσετε. Ισχύει έως {{download.expires}}.',
      ],
      button: 'Λήψη τιμολογίων',
    },
    nl: {
      subject: 'Uw facturen van {{company.name}} staan klaar om te downloaden',
      heading: 'Uw download staat klaar',
      paragraphs: [
        'Hallo {{user.name}},',
        "de pdf's van de {{download.count}} facturen die u koos, zitten in één ZIP-bestand.",
        'Open de link terwijl u bent aangemeld om het te downloaden. Hij werkt tot {{download.expires}}.',
      ],
      button: 'Facturen downloaden',
    },
    no: {
      subject: 'Fakturaene dine fra {{company.name}} er klare til nedlasting',
      heading: 'Nedlastingen er klar',
      paragraphs: [
        'Hei {{user.name}},',
        'PDF-ene til de {{download.count}} fakturaene du valgte, ligger i én ZIP-fil.',
        'Åpne lenken mens du er logget inn for å laste den ned. Den virker til {{download.expires}}.',
      ],
      button: 'Last ned fakturaene',
    },
  },
};

/** The invoice document's headings per language (`shipped.ts` lays them out). */
export const INVOICE_WORDS: Record<
  TemplateLanguage,
  { subject: string; title: string; date: string; due: string; billTo: string; total: string; vat: string }
> = {
  en: {
    subject: 'Invoice {{invoice.number}}',
    title: 'Invoice',
    date: 'Date',
    due: 'Due',
    billTo: 'Bill to',
    total: 'Total',
    vat: 'VAT id',
  },
  de: {
    subject: 'Rechnung {{invoice.number}}',
    title: 'Rechnung',
    date: 'Datum',
    due: 'Fällig',
    billTo: 'Rechnung an',
    total: 'Gesamt',
    vat: 'USt-IdNr.',
  },
  gr: {
    subject: 'Τιμολόγιο {{invoice.number}}',
    title: 'Τιμολόγιο',
    date: 'Ημερομηνία',
    due: 'Λήξη',
    billTo: 'Χρέωση προς',
    total: 'Σύνολο',
    vat: 'ΑΦΜ',
  },
  nl: {
    subject: 'Factuur {{invoice.number}}',
    title: 'Factuur',
    date: 'Datum',
    due: 'Vervaldatum',
    billTo: 'Factuur aan',
    total: 'Totaal',
    vat: 'Btw-nummer',
  },
  no: {
    subject: 'Faktura {{invoice.number}}',
    title: 'Faktura',
    date: 'Dato',
    due: 'Forfall',
    billTo: 'Faktureres til',
    total: 'Totalt',
    vat: 'Org.nr./MVA',
  },
};
