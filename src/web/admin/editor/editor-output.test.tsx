import type { Editor, JSONContent } from '@tiptap/core';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { adminTestSetup } from '#web/test/admin.tsx';
import { json, stubApi } from '#web/test/api.ts';
import editorOutput from '../../../../tests/fixtures/editor-output.html?raw';
import { RichTextEditor } from './rich-text-editor.tsx';

const { mount } = adminTestSetup();

const text = (value: string, marks?: JSONContent['marks']): JSONContent => ({ type: 'text', text: value, marks });
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const cell = (type: 'tableHeader' | 'tableCell', value: string): JSONContent => ({
  type,
  content: [paragraph(text(value))],
});

/** A post using every kind of content the toolbar makes, as a Tiptap document (not HTML). */
const DOCUMENT: JSONContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [text('Choosing an Arduino board')] },
    paragraph(
      text('The '),
      text('Uno R4', [{ type: 'bold' }]),
      text(' is '),
      text('the', [{ type: 'italic' }]),
      text(' classic; '),
      text('5 V', [{ type: 'underline' }]),
      text(' logic, '),
      text('old price', [{ type: 'strike' }]),
      text(', '),
      text('digitalWrite()', [{ type: 'code' }]),
      text('. See '),
      text('the Uno', [{ type: 'link', attrs: { href: '/product/arduino-uno-r4' } }]),
      text(', '),
      text('the docs', [{ type: 'link', attrs: { href: 'https://docs.arduino.cc/' } }]),
      text(', '),
      text('mail us', [{ type: 'link', attrs: { href: 'mailto:shop@example.com' } }]),
      text(' or '),
      text('call', [{ type: 'link', attrs: { href: 'tel:+9611234567' } }]),
      text(' & ask <anything>.'),
      { type: 'hardBreak' },
      text('Second line.'),
    ),
    { type: 'heading', attrs: { level: 3 }, content: [text('What you need')] },
    {
      type: 'bulletList',
      content: [
        { type: 'listItem', content: [paragraph(text('A USB cable'))] },
        { type: 'listItem', content: [paragraph(text('A breadboard'))] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 3 },
      content: [
        { type: 'listItem', content: [paragraph(text('Plug it in'))] },
        { type: 'listItem', content: [paragraph(text('Upload "Blink"'))] },
      ],
    },
    { type: 'heading', attrs: { level: 4 }, content: [text('A tip')] },
    { type: 'blockquote', content: [paragraph(text('Measure twice, solder once.'))] },
    { type: 'codeBlock', attrs: { language: 'cpp' }, content: [text('void loop() {\n  if (a < b && c > d) {}\n}')] },
    { type: 'codeBlock', content: [text('plain code')] },
    { type: 'horizontalRule' },
    {
      type: 'table',
      content: [
        { type: 'tableRow', content: [cell('tableHeader', 'Board'), cell('tableHeader', 'Price')] },
        { type: 'tableRow', content: [cell('tableCell', 'Uno R4'), cell('tableCell', '$27.50')] },
        {
          type: 'tableRow',
          content: [{ type: 'tableCell', attrs: { colspan: 2 }, content: [paragraph(text('Prices in USD'))] }],
        },
      ],
    },
    {
      type: 'image',
      attrs: {
        src: '/uploads/0123456789abcdef0123456789abcdef-1600.webp',
        alt: 'An Uno on a bench',
        width: 1600,
        height: 1200,
      },
    },
    { type: 'image', attrs: { src: 'https://images.example.com/board.jpg', alt: 'A board', title: 'Board' } },
    { type: 'productCard', attrs: { ref: 'arduino-uno-r4' } },
    paragraph(text('The end.')),
  ],
};

describe('the editor’s HTML', () => {
  it('is the fixture the server test sanitises (tests/fixtures/editor-output.html), and reads back the same', async () => {
    stubApi({ 'GET /api/admin/products/arduino-uno-r4': () => json({ data: null }) });
    const changes: string[] = [];
    const root = await mount(<RichTextEditor label="Content" value="" onChange={(html) => changes.push(html)} />);
    const editor = (root.querySelector('.ProseMirror') as HTMLElement & { editor: Editor }).editor;
    await act(async () => editor.commands.setContent(DOCUMENT));
    const html = changes.at(-1);
    expect(html).toBe(editorOutput.trim());

    // Loaded again (a saved post opened for editing), the same HTML comes out.
    await act(async () => editor.commands.setContent(html ?? ''));
    expect(changes.at(-1)).toBe(html);
  });
});
