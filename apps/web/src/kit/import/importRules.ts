import { hasAcceptedExtension, IMPORT_ACCEPT } from '@fleet/domain';
import { texts } from '../../locales';

const t = texts.kit.importDialog;

/**
 * Why a selection cannot be imported (spec core section 5): more than one file, or a name without
 * an accepted suffix (.xlsx and .xls by default); null when it can.
 */
export function importSelectionError(
  files: readonly { name: string }[],
  accept: readonly string[] = IMPORT_ACCEPT,
): string | null {
  if (files.length > 1) return t.single;
  const [file] = files;
  if (file && !hasAcceptedExtension(file.name, accept)) return t.wrongType(accept.join(','));
  return null;
}

/** Whether the browser can read the file itself (ExcelJS reads .xlsx, not the old binary .xls). */
export function readableInBrowser(name: string): boolean {
  return hasAcceptedExtension(name, ['.xlsx']);
}
