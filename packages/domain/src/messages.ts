/**
 * User-facing texts from the spec's catalogue (spec 01 §8, spec 02 §8). Server and web
 * use these constants so a text is written once and a test can find it.
 */
import { SHELL_MESSAGES } from './shell-messages.ts';
import { SIGN_IN_MESSAGES } from './sign-in.ts';

export const MESSAGES = {
  // The web app's shell shows these before any screen has loaded (shell-messages.ts).
  ...SHELL_MESSAGES,
  // The sign-in form's, kept beside its zod-free check (sign-in.ts); `tooLong` is the form's alone.
  required: SIGN_IN_MESSAGES.required,
  customerUpdated: 'Updated customer details.',
  customerUpdateFailed: 'Failed to update customer details.',
  customerCreated: 'Customer created.',
  customerCreateFailed: 'Failed to create customer.',
  notesFetchFailed: 'Could not fetch notes.',
  noteCreated: 'Note created.',
  noteCreateFailed: 'Failed to create note.',
  noteUpdated: 'Updated note.',
  // The spec's text, its typo kept (spec 01 §8).
  noteUpdateFailed: 'Failed to updated note.',
  noteDeleted: 'Note deleted.',
  noteDeleteFailed: 'Failed to delete note.',
  templateCreated: 'Template created.',
  templateSaved: 'Template saved.',
  templateDeleted: 'Template deleted.',
  templatesFetchFailed: 'Failed to fetch Templates.',
  templateFetchFailed: 'Failed to fetch Template.',
  templateCreateFailed: 'Failed to create template.',
  templateSaveFailed: 'Failed to save template.',
  templateDeleteFailed: 'Failed to delete template.',
  localStorageSaveFailed: 'Failed to save localStorage.',
  voucherCreated: 'Voucher created.',
  voucherCreateFailed: 'Error creating voucher.',
  voucherUpdated: 'Voucher updated.',
  voucherUpdateFailed: 'Error updating voucher.',
  voucherDeleted: 'Voucher deleted.',
  voucherDeleteFailed: 'Voucher could not be deleted',
  voucherProductsFetchFailed: 'Could not fetch voucher products.',
  webhookCreated: 'Webhook created.',
  webhookCreateFailed: 'Failed to create Webhook.',
  webhookUpdated: 'Webhook updated.',
  webhookUpdateFailed: 'Failed to update Webhook.',
  webhookDeleted: 'Webhook deleted.',
  webhookDeleteFailed: 'Failed to delete Webhook.',
  // Debt collection (spec 02 §8 "Debt claim", "Claim comment", "Debt user").
  debtClaimFiled: 'Claim filled correctly!',
  debtClaimFailed: 'Failed to create claim...',
  debtCommentAdded: 'Comment added correctly!',
  debtCommentFailed: 'Failed to add comment to claim',
  debtUserFailed: 'Failed to create Debtist user',
  webhookFired: 'Webhook fired.',
  webhookFireFailed: 'Failed to fire Webhook.',
  webhookDisabledReason: (attempts: number) =>
    `Disabled after ${attempts} failed attempts over 3 days to deliver an event.`,
  shippingCountryCreateFailed: 'Failed to create shipping country',
  shippingCountryUpdateFailed: 'Failed to update shipping country',
  shippingCountryDeleteFailed: 'Failed to delete shipping country',
  shippingMethodCreateFailed: 'Failed to create shipping method',
  shippingMethodUpdateFailed: 'Failed to update shipping method',
  shippingMethodDeleteFailed: 'Failed to delete shipping method',
  shippingRuleCreateFailed: 'Failed to create shipping rule',
  shippingRuleUpdateFailed: 'Failed to update shipping rule',
  shippingRuleDeleteFailed: 'Failed to delete shipping rule',
  shippingRuleLoadFailed: 'Failed to load shipping rule',
  cronRan: 'Cron ran successfully.',
  cronRunFailed: 'Could not run Cron.',
  cronUpdated: 'Cron updated.',
  cronUpdateFailed: 'Could not update Cron.',
  cronDeleted: 'Cron deleted.',
  cronDeleteFailed: 'Could not delete Cron.',
  cronCreated: 'Cron created.',
  cronCreateFailed: 'Could not create Cron.',
  notificationUpdateFailed: 'Failed to update notification.',
  superNotificationCreateFailed: 'Could not create super notification.',
  superNotificationDeleteFailed: 'Could not delete super notification.',
  noNewNotifications: 'No new notifications.',
  companiesFetchFailed: 'Failed to fetch companies.',
  companyFetchFailed: 'Failed to fetch company.',
  userFetchFailed: 'Could not fetch user.',
  notFound: 'Not found.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'This action is unauthorized.',
  validationFailed: 'The given data was invalid.',
  invalidCredentials: 'These credentials do not match our records.',
  loggedIn: 'Logged in.',
  loggedOut: 'Logged out.',
  /** The error dialog's default message (spec 01 §2, the notifications' dialogs). */
  noDataAvailable: 'No data available',

  // The twelve generic form messages (spec 01 §5, spec 02 §5); their rules live in validation.ts.
  requiresNumber: 'Requires a number.',
  decimalsDisallowed: 'Decimals are disallowed.',
  zeroDisallowed: 'Zero is disallowed.',
  onlyNegative: 'Only negative numbers.',
  onlyNumbers: 'Only numbers allowed.',
  onlyPositive: 'Only positive numbers.',
  validUrl: 'Must be a valid url.',
  onlyZeroOrNegative: 'Only zero & negative numbers.',
  onlyZeroOrPositive: 'Only zero & positive numbers.',
  onlyOneCharacter: 'Only one character allowed.',
  maxHundredPercent: 'Maximum of 100%.',

  // Address form (spec 01 §5, spec 02 §5).
  emailInvalid: SIGN_IN_MESSAGES.emailInvalid,
  emailWhitespace: 'Email should not contain whitespace.',
  /** Texts below are ours: the spec names the rule but not its message. */
  countryCodeFormat: 'Must be a two-letter country code.',
  countryUnknown: 'Must be a known country.',
  // A format error says the expected format (issue 11, "Forms"): Canada, the US, Australia.
  postalCodeInvalid: 'Postal code like K1A 0B1.',
  zipCodeInvalid: 'ZIP code like 98101 or 98101-1234.',
  postcodeInvalid: 'Postcode like 2000 (four digits).',
  regionUnknown: 'Must be one of the listed regions.',
  provinceMismatch: 'Province does not match the postal code.',
  /** The region field of an address whose postal code lies elsewhere (issue 25: tax follows it). */
  stateMismatch: 'State does not match the ZIP code.',
  auRegionMismatch: 'State or territory does not match the postcode.',
  /** The postal code field of such an address: "The postal code is in Alberta." (issue 25's words). */
  postalCodeIn: (noun: string, places: string) => `The ${noun} is in ${places}.`,
  phoneInvalid: 'Phone number is not valid for this country.',
  /** The country's example number (addresses.ts `phoneInvalidMessage`). */
  phoneLike: (international: string, national: string) =>
    `Phone number like ${international} or ${national}.`,
  amountInvalid: 'Must be a valid amount.',
  percentInvalid: 'Must be a percentage with at most four decimals.',
  nulCharacter: SIGN_IN_MESSAGES.nulCharacter,
  loneSurrogate: SIGN_IN_MESSAGES.loneSurrogate,
  /** Ours: a date filter outside these years is a typo (and year 0 is no date at all). */
  dateOutOfRange: 'Must be a date between 1900-01-01 and 2999-12-31.',
  /** Dates records keep (subscriptions, vouchers, orders' tag date): api.ts `businessDate`. */
  businessDateOutOfRange: 'Must be a date between 2000-01-01 and 2100-12-31.',

  // Accounts (spec 01 §8 "Users and settings", "Companies"); texts marked ours where the spec has none.
  passwordChanged: 'Password changed.',
  passwordChangeFailed: 'Failed to change password.',
  profileUpdated: 'Profile updated.',
  profileUpdateFailed: 'Failed to updated profile.',
  roleAssigned: (role: string) => `Role ${role} assigned to user.`,
  roleAssignFailed: 'Failed to assign role to user.',
  roleRemoved: 'Deleted role from user.',
  userDeleted: 'Deleted user.',
  userDeleteFailed: 'Failed to delete user.',
  companyDeleted: 'Company deleted.',
  settingsFetchFailed: 'Could not fetch settings.',
  // Settings (spec 02 §8); the cache and flag texts are ours.
  settingsUpdated: 'Settings updated.',
  cacheCleared: 'Cache cleared.',
  featureFlagUpdated: 'Feature flag updated.',
  registrationDisabled: 'Registration is disabled.',
  verificationSent: 'Verification email sent.',
  emailVerified: 'Email verified.',
  resetLinkSent: 'If an account exists for this email, we have sent a link to reset the password.',
  passwordReset: 'Your password has been set. You can sign in now.',
  tokenInvalid: 'This link is invalid or has expired.',
  currentPasswordWrong: 'The current password is not correct.',
  invitationSent: 'Invitation email sent.',
  invitationNotDelivered: 'The invitation was recorded but not delivered: email is not configured.',
  userCreated: 'User created.',
  /** Ours: inviting someone to a company creates an invitation, not a user (the "Invite user" dialog). */
  invitationSentTo: (email: string) => `Invitation sent to ${email}.`,
  /** Ours: the invitation is saved with "Send the invitation email now" off; it can be sent from the list. */
  invitationNotSentYet: (email: string) =>
    `${email} is invited. The invitation email was not sent: send it from the user's actions when ready.`,
  /** Ours: `DELETE /{company}/users/{id}` ("Remove from company"); the spec's text is for `role: null`. */
  removedFromCompany: 'Removed from the company.',
  invitationWithdrawn: 'Invitation withdrawn.',
  userCreateFailed: 'Failed to create user.',
  userUpdated: 'User updated.',
  userAlreadyMember: 'This user already belongs to the company.',
  /** Ours: adding someone to a company is an invitation they accept (docs/security.md). */
  userAlreadyInvited: 'This email has already been invited to the company.',
  invitationAccepted: (company: string) => `You joined ${company}.`,
  companyCreated: 'Company created.',
  companyCreateFailed: 'Failed to create company.',
  companyUpdated: 'Company updated.',
  companyUpdateFailed: 'Failed to update company.',
  tooManyAttempts: 'Too many sign-in attempts. Please try again later.',
  /** Password rules (ours, after NIST SP 800-63B; docs/security.md "Sign-in, passwords and sessions"). */
  passwordControlCharacter: 'Password must not contain control characters (such as NUL, tab or line breaks).',
  passwordRepetitive: 'Password is too repetitive: use at least 4 different characters.',
  passwordCommon: 'This password is on a list of commonly used and leaked passwords. Please choose another.',
  passwordPersonal: 'Password must not be made of the account’s email address or name.',
  emailTaken: 'This email is already in use.',
  cannotRemoveLastOwner: 'A company needs at least one owner.',
  /** Web forms (ours). */
  passwordsDoNotMatch: 'Passwords do not match.',

  // Outbound addresses a merchant chooses (shop URLs, later webhooks; ours). See docs/security.md.
  addressNotPublic: 'Must be a public internet address (not a private or local network).',
  /** With ALLOW_PRIVATE_SHOP_URLS: the merchant's own network is allowed, these never are. */
  addressSpecialPurpose:
    'Must be a public internet address or one on your own network: link-local (cloud metadata), reserved and other special-purpose addresses are refused.',
  hostNotFound: (host: string) => `The host ${host} could not be found.`,
  /** At connect time: the shop's name now resolves to an address the guard refuses (its DNS changed). */
  shopAddressRefused: (shopUrl: string) =>
    `The shop at ${shopUrl} now points to an address Rentloop does not call (a private, local or reserved network). Check the shop address in Settings.`,

  /** Amounts are stored in the company currency (minor units): a new currency would relabel them. */
  currencyFrozen:
    'The currency cannot change once prices or amounts are stored in it: they would all be read in the new currency.',

  /** Test companies and their business clock (ours; shared/BILLING.md "Time you can move"). */
  testFlagOperatorsOnly: 'Only operators mark a company as a test company.',
  companyHasOrders: 'A company with orders is real business: it cannot become a test company.',
  companyStaysTest: 'The clock of this company was moved: it stays a test company.',
  clockNotTest: 'Only a test company’s clock can be moved.',
  clockBackwards: 'The business clock only moves forward: choose a later time.',
  clockBusy: 'The clock of this company is being moved already. Try again when that is done.',
  clockAdvanced: 'Clock advanced.',

  // Orders (spec 01 §8 "Orders", §5, §7), verbatim; typos kept.
  orderCancelled: 'Successfully cancelled order.',
  orderCancelFailed: 'Failed to cancel order.',
  invoiceCreated: 'Invoice created.',
  invoiceCreateFailed: 'Failed to generate invoice.',
  ordersUpdated: 'Orders updated.',
  ordersUpdateFailed: 'Could not update orders.',
  orderUpdated: 'Order updated.',
  orderUpdateFailed: 'Could not update order.',
  orderItemUpdated: 'Order Item updated.',
  orderItemUpdateFailed: 'Could not update order item.',
  trackingNumberUpdateFailed: 'Could not update tracking number.',
  draftOrderCreateFailed: 'Could not create draft order.',
  swapSucceeded: 'Swapping subscription succeeded.',
  swapFailed: 'Swapping subscription failed..',
  tagHistoryFetchFailed: 'Could not fetch tag history.',
  orderFinalised: 'Order finalised.',
  orderFinaliseFailed: 'Could not finalise draft order.',
  orderQuoteCreated: 'Order quote created.',
  orderQuoteCreateFailed: 'Could not create order quote.',
  orderCreateFailed: 'Could not create order.',
  addressNotValidated: 'Could not validate address. Please check the address and try again.',
  orderCustomerUpdated: 'Order customer updated.',
  orderDeleted: 'Order deleted.',
  orderDeleteFailed: 'Could not delete order.',
  insightsFetchFailed: 'Failed to fetch insights.',
  orderNoInitialPayment: 'Order does not require initial payment.',
  cloneOrderIdMissing: 'Could not create order, no order id provided.',
  orderIdParamRequired: 'Order ID is required as a param',
  /** Ours: the order transitions the spec names no text for (orders.ts ORDER_TRANSITIONS). */
  orderNotCancellable: 'Only a draft or open order can be cancelled.',
  orderNotFulfillable: 'Only an open order can be fulfilled.',
  orderNotReopenable: 'Only a fulfilled order can be reopened.',
  orderHasNoItems: 'An order needs at least one item.',
  orderCreated: 'Order created.',
  orderQuoteUpdated: 'Order quote updated.',
  orderCustomerUpdateFailed: 'Could not update order customer.',

  // Email (spec 01 §8 "Email and export"), verbatim. Why a mail was not sent follows the failure text
  // (the API's MAIL_TEXTS, integrations/email/mailer.ts).
  emailSent: 'Email sent.',
  /** A record mail held back by the customer's state: a 409 (`override=true` sends it; the web asks). */
  mailHeldArchived:
    'The customer is archived, so mails to them are held back. Send with override to send it anyway.',
  mailHeldOptedOut:
    'The customer opted out of record mails, so this mail is held back. Send with override to send it anyway.',
  emailSendFailed: 'Failed to send email.',
  dataExportRequested: 'Data export requested.',
  dataExportRequestFailed: 'Failed to request data export.',
  dataExportFetchFailed: 'Could not fetch export data.',

  // Product tracking (spec 02 §9 "Tracking"), verbatim.
  trackingCreated: 'Tracking created.',
  trackingCreateFailed: 'Failed to create tracking.',
  /** Ours: the asset transitions and assignments the spec names no text for (product-tracking.ts). */
  assetStatusChanged: 'Asset status changed.',
  assetStatusChangeFailed: 'Could not change the asset status.',
  assetSerialTaken: 'An asset with this serial number already exists.',
  assetNotRentable: 'Only an asset in stock can be rented out.',
  assetNotReturnable: 'Only a rented out asset can be returned.',
  assetNotRepairable: 'Only an asset in stock, rented out or broken can be sent to repair.',
  assetNotRepaired: 'Only an asset in repair can come back from repair.',
  assetNotBreakable: 'Only an asset in stock, rented out or in repair can be marked broken.',
  assetNotStealable: 'Only an asset in stock, rented out or in repair can be marked stolen.',
  assetNotRecoverable: 'Only a stolen asset can be recovered.',
  assetNotRemovable: 'Only an asset in stock, broken or in repair can be removed.',
  assetNotBuyable: 'Only a rented out asset can be bought out.',
  assetSubscriptionHolds: 'This subscription already holds a rented out asset.',
  assetSubscriptionNotRunning:
    'Only an active, pending activation or pending replacement subscription can be given an asset.',
  assetVariantOrBundle: 'Give either a variant or a bundle.',
  assetSerialNotFound: 'No asset with this serial number.',

  /** Ours: returns (returns.ts); the spec names no return calls nor texts. */
  returnCreated: 'Return created.',
  returnCreateFailed: 'Could not create the return.',
  returnUpdated: 'Return updated.',
  returnUpdateFailed: 'Could not update the return.',
  returnNotReceivable: 'Only a pending return can be received.',
  returnNotInspectable: 'Only a received return can be inspected.',
  returnNotClosable: 'Only an inspected return can be closed.',
  returnNotStolen: 'Only a return not yet received can be closed as stolen or lost.',
  returnAssetNotOut: 'Only a rented out asset can be returned.',
  returnAssetHasOpen: 'This asset already has an open return.',

  // Subscriptions (spec 01 §8 "Subscriptions"), verbatim.
  subscriptionCreateFailed: 'Could not create subscription.',
  subscriptionReactivated: 'Subscription reactivated.',
  subscriptionReactivateFailed: 'Failed to reactivate subscription.',
  subscriptionAlreadyActive: 'Subscription already active.',
  autoRenewToggleFailed: 'Failed to toggle auto renew.',
  importFailed: (message: string) => `Import failed: ${message}`,
  subscriptionsUpdated: 'Subscriptions updated.',
  /** Ours: the other subscription outcomes the spec names no text for. */
  subscriptionCreated: 'Subscription created.',
  subscriptionUpdated: 'Subscription updated.',
  subscriptionsUpdateFailed: 'Could not update subscriptions.',
  subscriptionEnded: 'Subscription ended.',
  subscriptionEndFailed: 'Could not end subscription.',
  autoRenewUpdated: 'Auto renew updated.',

  // Invoices (spec 01 §8 "Invoices"), verbatim.
  invoiceFetchFailed: 'Could not fetch invoice.',
  invoicePdfDownloadFailed: 'Could not download invoice pdf.',
  invoicesZipQueued: 'Preparing the download, you will receive an email shortly.',
  invoicesZipFailed: 'Failed to download invoices in bulk.',
  /** Ours: the ZIP of invoice PDFs (invoice-zips.ts). */
  invoicesZipLimit: (limit: number) => `At most ${limit} invoices can be downloaded at once.`,
  invoicesZipNotIssued: 'Only issued invoices have a PDF: leave out the ones not issued yet.',
  invoiceZipPreparing: 'The download is still being prepared. You will receive an email when it is ready.',
  invoiceZipBroken: 'This download could not be prepared. Select the invoices and download them again.',
  invoiceZipExpired: 'This download has expired. Select the invoices and download them again.',
  invoiceCharged: 'Success. Invoice has been charged',
  invoiceChargeFailed: 'Failed to charge payment for invoice',
  invoiceSettled: 'Success. Invoice has been settled',
  invoiceRefunded: 'Invoice refunded.',
  invoiceRefundFailed: 'Failed to refund invoice.',
  /** Ours: refunds (refunds.ts, modules/payments/refunds.ts). */
  refundModeRequired: 'Give exactly one of full_refund, amount, or items/products.',
  refundCumulatedUnavailable: 'Cumulated invoices cannot be refunded yet.',
  /** A 503: the database cannot be reached (health, and any request that meets it down). */
  databaseUnavailable: 'Database unavailable.',
  refundExceedsPaid: (left: string) =>
    `A refund cannot exceed what was paid: at most ${left} can still be refunded.`,
  refundNothingPaid: 'Nothing has been paid on this invoice that could be refunded.',
  refundNotRefundable: 'Only an invoice that charged the customer can be refunded.',
  refundLineUnknown: 'No such line on the invoice.',
  refundLineExceeds: (left: number) => `At most ${left} unit(s) of this line can still be refunded.`,
  refundOrderRequired: 'Give the order to refund (order_id).',
  refundCustomerMismatch: 'Not the customer of this invoice.',
  refundInvoiceNotOfOrder: 'Not an invoice of this order.',
  refundNoPaymentToReverse: 'The payment of this invoice has no reference at its gateway to refund.',
  /** Ours: one-time payments and buyouts (one-time-payments.ts; the spec names no texts for them). */
  oneTimePaymentCharged: 'One-time payment charged.',
  oneTimePaymentFailed: 'Failed to charge the one-time payment.',
  oneTimePaymentAmountOrProducts: 'Give an amount or products to charge.',
  oneTimePaymentAmountMismatch: (total: string) =>
    `The amount must be the products' total (${total}), or be left out.`,
  oneTimePaymentOrderClosed: 'Only an open or fulfilled order can be charged a one-time payment.',
  subscriptionNotOfOrder: 'Not a subscription of this order.',
  productUnknown: 'No such product.',
  buyoutProcessed: 'Subscription bought out.',
  buyoutFailed: 'Failed to process the buyout.',
  invoiceSettleFailed: 'Failed to settle invoice',
  /** Ours: the invoice outcomes the spec names no text for (invoices.ts, payments.ts). */
  invoiceNotChargeable: 'Only an invoice that is not settled or whose payment failed can be charged.',
  invoiceNotSettleable: 'This invoice is already settled.',
  invoicePaymentInProgress:
    'A payment attempt for this invoice is still in progress. Wait for its answer before trying again.',
  invoiceNotIssued: 'This invoice has not been issued yet.',
  invoicePdfNotReady: 'The PDF of this invoice has not been made yet. Try again shortly.',
  cumulatedInvoiceOpen:
    "This collective invoice is still collecting the charges of its month: it is issued at the month's end.",
  invoiceQueryRequired: 'Give one of order_id, subscription_id, recurring_payment_id or transaction_id.',
  invoiceFrozen: 'An issued invoice cannot be changed: issue a correction instead.',
  invoiceAlreadyExists: 'This payment already has an invoice.',
  // Cancellation and replacement invoices (invoice-corrections.ts).
  /** Spec 01 §8 "Invoices", verbatim. */
  cancellationHtmlFailed: 'Failed to get cancellation invoice html',
  cancellationCreated: 'Success. Cancellation invoice has been created.',
  cancellationFailed: 'Failed to create cancellation invoice.',
  replacementEdited: 'Success. Replacement invoice has been edited.',
  replacementEditFailed: 'Failed to edit replacement invoice.',
  gatewayNotEnabled: (gateway: string) => `The payment gateway ${gateway} is not enabled for this company.`,
  gatewayNotAvailable: (gateway: string) => `The payment gateway ${gateway} is not available yet.`,
  gatewayCredentialsMissing: (gateway: string) =>
    `The payment gateway ${gateway} has no credentials: add them in the payment service provider settings.`,
  noPaymentMethod: 'The customer has no payment method to charge.',
  // Payment methods (ours: the spec names no texts for a customer's methods).
  paymentMethodAdded: 'Payment method added.',
  paymentMethodAddFailed: 'Failed to add the payment method.',
  paymentMethodRemoved: 'Payment method removed.',
  paymentMethodRemoveFailed: 'Failed to remove the payment method.',
  paymentMethodDuplicate: 'This payment method is already stored for the customer.',
  paymentMethodUnverifiable: (gateway: string) =>
    `The payment gateway ${gateway} did not answer; the payment method was not checked. Try again shortly.`,
  paymentMethodGatewayUnsupported:
    'Only Stripe and Mollie methods can be stored; the offline gateway needs none.',
  // Inbound gateway webhooks (ours).
  webhookSignatureInvalid: 'The webhook signature could not be verified.',
  webhookReceived: 'Received.',
  transactionStateChanged: 'The payment attempt is no longer in a state that allows this.',
  // A returned direct debit recorded by staff (ours: POST transactions/{id}/return-debit).
  debitReturnReasonInvalid: 'Choose the return reason code the bank gave (e.g. AM04).',
  debitReturnNotSettledOffline:
    'Only an offline payment that was settled or is awaiting its money can be recorded as a returned direct debit.',
  debitReturnRefunded:
    'This payment was refunded (in part); a return of it has to be cleared with the customer by hand.',
  debitReturned: 'The returned direct debit has been recorded.',
  debitReturnFailed: 'Failed to record the returned direct debit.',

  // Recurring payments (ours: the spec names no texts; §9 the batch limit).
  recurringPaymentsCharged: 'Recurring payments charged.',
  recurringPaymentNotChargeable: 'Only a scheduled, failed or parked recurring payment can be charged.',
  recurringPaymentNotDue: 'This recurring payment is not due yet.',
  recurringPaymentCollected:
    "Collected into the collective invoice of the month: it is charged with it at the month's end.",
  recurringPaymentsChargeLimit: (limit: number) =>
    `At most ${limit} recurring payments can be charged at once.`,
  recurringPaymentStateChanged: 'This recurring payment changed meanwhile. Reload it and try again.',

  // The repair questionnaire (spec 02 §8 "Questionnaire"), verbatim: "..." is the server's message.
  questionnaireUpdated: 'Updated data.',
  questionnaireFetchFailed: (message: string) => `Could not fetch data: ${message}`,
  questionnaireSaveFailed: (message: string) => `Could not save data: ${message}`,

  // Idempotency-Key on POSTs that create something (ours; apps/api/src/http/idempotency.ts).
  idempotencyKeyInvalid: 'Must be 1 to 255 printable characters without spaces (a UUID, for example).',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyKeyInProgress:
    'A request with this Idempotency-Key is still being processed. Try again shortly.',
} as const;
