/** Files the browser hands over (an `<input type=file>`, a camera still) as the API takes them. */

/**
 * Read a file as a data URL (`data:<type>;base64,…`), the form every upload route of the API accepts in JSON.
 * @throws the reader's error when the file cannot be read.
 */
export const dataUrlOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
