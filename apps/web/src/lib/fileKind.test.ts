import { describe, expect, it } from 'vitest';
import { extensionOf, fileKind, fileKinds } from './fileKind';

describe('fileKind', () => {
  it.each([
    ['photo.png', 'image'],
    ['photo.JPG', 'image'],
    ['a.jpeg', 'image'],
    ['a.bmp', 'image'],
    ['a.gif', 'image'],
    ['notes.txt', 'txt'],
    ['sheet.xls', 'excel'],
    ['sheet.xlsx', 'excel'],
    ['letter.doc', 'word'],
    ['letter.docx', 'word'],
    ['paper.pdf', 'pdf'],
    ['slides.ppt', 'ppt'],
    ['slides.pptx', 'ppt'],
    ['clip.mp4', 'video'],
    ['clip.m2v', 'video'],
    ['clip.mkv', 'video'],
    ['clip.rmvb', 'video'],
    ['clip.avi', 'video'],
    ['clip.flv', 'video'],
    ['clip.mov', 'video'],
    ['clip.m4v', 'video'],
    ['song.mp3', 'audio'],
    ['song.wav', 'audio'],
    ['archive.zip', 'other'],
    ['README', 'other'],
    ['.png', 'other'],
    ['', 'other'],
  ])('%s is %s', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it('puts wmv under video and audio, as the spec lists it; it shows as a video', () => {
    expect(fileKinds('movie.WMV')).toEqual(['video', 'audio']);
    expect(fileKind('movie.wmv')).toBe('video');
    expect(fileKinds('song.mp3')).toEqual(['audio']);
    expect(fileKinds('archive.zip')).toEqual(['other']);
  });

  it('reads the extension of a path or URL, ignoring query and fragment', () => {
    expect(fileKind('https://cdn.example.org/u/1/a.b/photo.PNG?x=1.mp3#y')).toBe('image');
    expect(fileKind('/files/dir.mp4/readme')).toBe('other');
    expect(extensionOf('a/b/c.tar.gz')).toBe('gz');
  });
});
