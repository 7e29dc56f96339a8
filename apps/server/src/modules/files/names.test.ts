import { describe, expect, it } from 'vitest';
import { cleanDisplayName, DISPLAY_NAME_MAX } from './names';

describe('cleanDisplayName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['C:\\Users\\me\\photo.jpg', 'photo.jpg'],
    ['.htaccess', 'htaccess'],
    ['a\u0000b\u0007c.txt', 'abc.txt'],
    ['<b>bold</b>.png', 'b_.png'],
    ['a<b>"c".png', 'a_b__c_.png'],
    ['', 'file'],
    ['...', 'file'],
    ['简历 2024.pdf', '简历 2024.pdf'],
  ])('%j → %j', (raw, expected) => {
    expect(cleanDisplayName(raw)).toBe(expected);
  });

  it.each([
    // "invoiceexe.pdf" on screen: the override goes, and so does the executable extension.
    ['invoice\u202Efdp.exe', 'invoicefdp'],
    ['invoice.pdf.exe', 'invoice.pdf'],
    ['report.pdf.EXE ', 'report.pdf'],
    ['setup.msi.bat.cmd', 'setup'],
    ['photo\u2066.jpg\u2069.scr', 'photo.jpg'],
    ['in\u200Bvis\u200Dible\uFEFF.docx', 'invisible.docx'],
    ['left\u200Eto\u200Fright\u061C.txt', 'lefttoright.txt'],
    ['archive.tar.gz', 'archive.tar.gz'],
    ['notes.js.txt', 'notes.js.txt'],
  ])('%j shows as %j', (raw, expected) => {
    expect(cleanDisplayName(raw)).toBe(expected);
  });

  it('names a file by what it is when nothing else says so', () => {
    expect(cleanDisplayName('invoice\u202Efdp.exe', 'pdf')).toBe('invoicefdp.pdf');
    expect(cleanDisplayName('.exe', 'pdf')).toBe('file.pdf');
    expect(cleanDisplayName('contract.docx', 'pdf')).toBe('contract.docx');
  });

  it('keeps the extension when it shortens a long name', () => {
    const cleaned = cleanDisplayName(`${'n'.repeat(300)}.docx`);
    expect(cleaned).toHaveLength(DISPLAY_NAME_MAX);
    expect(cleaned.endsWith('.docx')).toBe(true);
  });
});
