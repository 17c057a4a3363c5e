/** The audit feature's public face for other features: a record's History. */
export { RecordHistory } from './record-history';
