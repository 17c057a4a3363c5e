import { saveFile } from '../../lib/save-file';

/** Offers text as a file download (the template, the failed rows). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  saveFile(fileName, new Blob(['\ufeff', text], { type }));
}
