/** Offers text as a file download (the template, the failed rows). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8') {
  // The byte order mark makes spreadsheet programs read the file as UTF-8.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
