/**
 * Text the staff tools print, made inert: a name or phone number stored before the forms took
 * control characters out (or put in by hand) may hold an ESC sequence, an OSC-8 link or a bidi
 * override that would steer the staff member's terminal or hide a row. Each such character is
 * written as its JSON escape (`\u001b`), which JSON reads back as the same character.
 */
import { CONTROL_AND_BIDI } from '../../contracts/forms';

const escaped = (character: string) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** One value on a line of its own making (a `find` row): every control and bidi character escaped, tabs and line breaks too. */
export function inert(text: string): string {
  return text.replace(CONTROL_AND_BIDI, escaped);
}

/** Text that has lines (CSV, JSON, messages): line breaks (`\n`, `\r\n`) and tabs kept, every other control and bidi character escaped. */
export function inertKeepingLines(text: string): string {
  return text.replace(CONTROL_AND_BIDI, (character: string, offset: number, whole: string) =>
    character === '\n' || character === '\t' || (character === '\r' && whole[offset + 1] === '\n') ? character : escaped(character),
  );
}
