/** Saves a file under a name, as the browser's download. */
export const saveDownload = (file: Blob, name: string) => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser has taken the file once the click is handled; the next task may let the URL go.
  setTimeout(() => URL.revokeObjectURL(url));
};
