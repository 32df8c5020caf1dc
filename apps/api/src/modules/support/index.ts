/** Customer service contact (issue 17 item 15): the public API of the module. */
export { receiptContact, type SupportContact } from './contact.ts';
