export const vouchersIds = {
  listPage: 'vouchers-page',
  newVoucher: 'vouchers-new',
  kindFilter: 'vouchers-kind-filter',
  stateFilter: 'vouchers-state-filter',
  createDialog: 'voucher-create-dialog',
  editDialog: 'voucher-edit-dialog',
  productsDialog: 'voucher-products-dialog',
  productsWarning: 'voucher-products-warning',
  productsList: 'voucher-products-list',
  productRow: 'voucher-product-row',
  productAdd: 'voucher-product-add',
  productRemove: (id: number) => `voucher-product-remove-${id}`,
  showProducts: (id: number) => `voucher-products-${id}`,
  remove: (id: number) => `voucher-delete-${id}`,
  confirmDelete: 'voucher-confirm-delete',
  form: 'voucher-form',
  formError: 'voucher-form-error',
  save: 'voucher-save',
  cancel: 'voucher-cancel',
  field: (field: string) => `voucher-field-${field}`,
} as const;

export const voucherFormIds = {
  form: vouchersIds.form,
  problems: vouchersIds.formError,
  cancel: vouchersIds.cancel,
  save: vouchersIds.save,
};
