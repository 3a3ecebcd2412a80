/**
 * The part of Unicode's confusables table (UTS #39, confusables.txt, version 16.0) that can pass
 * for the letters and digits of a nickname's Latin prototype, after NFKC and case folding (so
 * full-width and other compatibility forms are handled before this table is used). Each key is
 * one code point; each value is its prototype, lower case because keys are folded.
 */
export const confusablePrototypes: Readonly<Record<string, string>> = {
  // Cyrillic
  '\u0430': 'a', '\u0441': 'c', '\u0501': 'd', '\u0435': 'e', '\u04bd': 'e', '\u04bb': 'h', '\u0456': 'i',
  '\u0458': 'j', '\u04cf': 'l', '\u043e': 'o', '\u0440': 'p', '\u051b': 'q', '\u0455': 's', '\u0443': 'y',
  '\u04af': 'y', '\u0445': 'x', '\u051d': 'w', '\u0475': 'v', '\u0454': 'e',
  // Greek
  '\u03b1': 'a', '\u03f2': 'c', '\u03b9': 'i', '\u03f3': 'j', '\u03bf': 'o', '\u03c1': 'p', '\u03c5': 'u',
  '\u03bd': 'v', '\u03c7': 'x', '\u03b3': 'y',
  // Armenian
  '\u0563': 'q', '\u0566': 'q', '\u0570': 'h', '\u0578': 'n', '\u057d': 'u', '\u0581': 'g', '\u0585': 'o',
  // Latin look-alikes
  '\u0131': 'i', '\u0269': 'i', '\u0251': 'a', '\u0261': 'g', '\u01c0': 'l', '\u1d04': 'c', '\u1d0f': 'o',
  '\u1d1c': 'u', '\u1d20': 'v', '\u1d21': 'w', '\u1d22': 'z', '\ua731': 's', '\u028f': 'y',
  // Digits that pass for letters (ASCII and other scripts' zeros)
  '0': 'o', '1': 'l', '\u0966': 'o', '\u09e6': 'o', '\u0ae6': 'o', '\u0b66': 'o', '\u0ce6': 'o', '\u0d66': 'o',
  '\u0e50': 'o', '\u0ed0': 'o', '\u06f0': 'o', '\u0660': 'o',
  // Two letters that pass for one
  m: 'rn',
};
