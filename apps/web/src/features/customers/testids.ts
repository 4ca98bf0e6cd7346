export const customersIds = {
  listPage: 'customers-page',
  newCustomer: 'customers-new',
  languageFilter: 'customers-language-filter',
  createdFrom: 'customers-filter-created-from',
  createdTo: 'customers-filter-created-to',
  subscribedOn: 'customers-filter-subscribed-on',
  firstOrderFrom: 'customers-filter-first-order-from',
  firstOrderTo: 'customers-filter-first-order-to',
  createDialog: 'customer-create-dialog',
  editDialog: 'customer-edit-dialog',
  form: 'customer-form',
  formError: 'customer-form-error',
  billingToggle: 'customer-billing-toggle',
  shippingToggle: 'customer-shipping-toggle',
  copyBilling: 'customer-copy-billing',
  save: 'customer-save',
  cancel: 'customer-cancel',
  detailPage: 'customer-detail-page',
  detailName: 'customer-detail-name',
  detailError: 'customer-detail-error',
  edit: 'customer-edit',
  field: (field: string) => `customer-field-${field}`,
  address: (kind: 'billing' | 'shipping', field: string) => `customer-${kind}-${field}`,
  /** The postal lines of an address on the detail page, one element per line. */
  addressLines: (kind: 'billing' | 'shipping') => `customer-${kind}-lines`,
  noAddress: (kind: 'billing' | 'shipping') => `customer-${kind}-none`,
} as const;

/** The create and edit dialogs' form (`DialogForm`). */
export const customerFormIds = {
  form: customersIds.form,
  problems: customersIds.formError,
  cancel: customersIds.cancel,
  save: customersIds.save,
};

/** The "Payment methods" card of the customer page and its dialogs. */
export const paymentMethodIds = {
  card: 'customer-payment-methods',
  add: 'payment-method-add',
  empty: 'payment-methods-empty',
  row: (id: number) => `payment-method-${id}`,
  remove: (id: number) => `payment-method-remove-${id}`,
  addDialog: 'payment-method-add-dialog',
  removeDialog: 'payment-method-remove-dialog',
  confirm: 'payment-method-confirm',
  gateway: 'payment-method-gateway',
  customerReference: 'payment-method-customer-reference',
  methodReference: 'payment-method-method-reference',
  isDefault: 'payment-method-is-default',
} as const;

/** The "Cumulated invoices" card of the customer page (CumulatedInvoicesCard.tsx). */
export const cumulatedIds = {
  card: 'customer-cumulated-card',
  mode: 'customer-cumulated-mode',
  option: (mode: string) => `customer-cumulated-option-${mode}`,
  saved: 'customer-cumulated-saved',
  empty: 'customer-cumulated-empty',
  row: (id: number) => `customer-cumulated-row-${id}`,
  open: (id: number) => `customer-cumulated-open-${id}`,
  pdf: (id: number) => `customer-cumulated-pdf-${id}`,
} as const;

/** The support desk of the customer page (CustomerRecordsCards.tsx). */
export const supportIds = {
  newOrder: 'customer-new-order',
  figures: 'customer-figures',
  figuresError: 'customer-figures-error',
  figure: (name: string) => `customer-figure-${name}`,
  card: (kind: string) => `customer-${kind}-card`,
  count: (kind: string) => `customer-${kind}-count`,
  showAll: (kind: string) => `customer-${kind}-show-all`,
  empty: (kind: string) => `customer-${kind}-empty`,
  row: (kind: string, id: number) => `customer-${kind}-row-${id}`,
} as const;
