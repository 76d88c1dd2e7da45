/**
 * The common agent form read in one pass over the buffered body, without busboy: what every browser
 * and client sends (a few text fields and at most one `image_file`), strictly shaped. Busboy's
 * streams cost about half a millisecond per answer on a machine that has just been idle (measured in
 * bench/engine-overhead.mjs's Universe figure); this costs a few microseconds. Anything outside the
 * plain shape returns undefined and busboy reads the body as before, so every limit, error and odd
 * encoding keeps busboy's meaning: a quoted or long boundary, a preamble, headers other than
 * Content-Disposition and a file's Content-Type, a field with a Content-Type (it may name a charset),
 * a quoted name or one outside [A-Za-z0-9_], a field over `fieldSize` bytes, more than `fields` fields
 * or `files` files, a file not named `image_file` or over `fileSize` bytes, transport padding, a body
 * with no closing delimiter. Where it answers, it answers what busboy does (agent-form.test.ts
 * compares the two on hundreds of bodies).
 */
export type SimpleForm = { fields: Record<string, string>; image: Buffer | undefined };
export type SimpleFormLimits = { fields: number; files: number; fieldSize: number; fileSize: number };

// An unquoted boundary is an HTTP token: of the characters a boundary may hold, letters, digits and ' + _ - . alone.
const CONTENT_TYPE = /^multipart\/form-data;[ \t]*boundary=([0-9A-Za-z'+_.-]{1,70})$/i;
const DISPOSITION = /^form-data; ?name="([A-Za-z0-9_]{1,64})"(?:; ?filename="([^"\\\r\n]*)")?$/;
const HEADER_NAME = /^[A-Za-z-]+$/;
const MEDIA_TYPE = /^[A-Za-z0-9][\w.+-]*\/[\w.+-]+$/;
const HEADERS_END = Buffer.from('\r\n\r\n');
/** The longest part header block read here (busboy allows more; longer goes to busboy). */
const MAX_HEADERS = 1024;

export function readSimpleForm(contentType: string | undefined, body: Buffer, limits: SimpleFormLimits): SimpleForm | undefined {
  const boundary = contentType ? CONTENT_TYPE.exec(contentType)?.[1] : undefined;
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`\r\n--${boundary}`, 'latin1');
  // The first delimiter has no CRLF before it: the body starts with it (no preamble).
  if (!body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2))) return undefined;
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  let fieldCount = 0;
  let fileCount = 0;
  let at = delimiter.length - 2;
  for (;;) {
    // After a delimiter: "--" ends the form (busboy ignores what follows), CRLF starts a part.
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return { fields, image };
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) return undefined;
    const headersStart = at + 2;
    const headersEnd = body.indexOf(HEADERS_END, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > MAX_HEADERS) return undefined;
    const part = partHeaders(body.toString('latin1', headersStart, headersEnd));
    if (!part) return undefined;
    const contentStart = headersEnd + HEADERS_END.length;
    const contentEnd = body.indexOf(delimiter, contentStart);
    if (contentEnd < 0) return undefined;
    const size = contentEnd - contentStart;
    if (part.isFile) {
      fileCount += 1;
      if (part.name !== 'image_file' || fileCount > limits.files || size > limits.fileSize) return undefined;
      image = body.subarray(contentStart, contentEnd);
    } else {
      fieldCount += 1;
      if (fieldCount > limits.fields || size > limits.fieldSize) return undefined;
      fields[part.name] = body.toString('utf8', contentStart, contentEnd);
    }
    at = contentEnd + delimiter.length;
  }
}

/** A part's headers: Content-Disposition (form-data with a plain name) and, for a file, a plain Content-Type. */
function partHeaders(text: string): { name: string; isFile: boolean } | undefined {
  let disposition: RegExpExecArray | null = null;
  let mediaType: string | undefined;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    if (colon <= 0 || !HEADER_NAME.test(name)) return undefined;
    // One space or tab may follow the colon (as busboy's header parser reads it); the value is matched whole.
    const after = line.charCodeAt(colon + 1);
    const value = line.slice(after === 0x20 || after === 0x09 ? colon + 2 : colon + 1);
    if (name === 'content-disposition' && !disposition) {
      disposition = DISPOSITION.exec(value);
      if (!disposition) return undefined;
    } else if (name === 'content-type' && mediaType === undefined && MEDIA_TYPE.test(value)) mediaType = value;
    else return undefined;
  }
  if (!disposition?.[1]) return undefined;
  // Busboy reads a part as a file when it has a filename that is not empty or is
  // application/octet-stream; a field with a Content-Type may name a charset, which busboy honours.
  const isFile = Boolean(disposition[2]) || mediaType === 'application/octet-stream';
  if (!isFile && mediaType !== undefined) return undefined;
  return { name: disposition[1], isFile };
}
