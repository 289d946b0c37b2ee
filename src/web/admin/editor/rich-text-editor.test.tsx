import type { Editor } from '@tiptap/core';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { adminTestSetup, click, type } from '#web/test/admin.tsx';
import { type Call, errorBody, json, pagination, stubApi } from '#web/test/api.ts';
import { waitFor } from '#web/test/render.tsx';
import { LINK_MESSAGES } from './link-rules.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import { ARDUINO_UNO, SOLDERING_IRON } from './test-fixtures.ts';

const { mount } = adminTestSetup();

/** A form around the editor: holds the value, records every onChange, and can replace the value (a reset). */
function Harness({
  initial = '',
  changes,
  replaceWith,
  uploaded,
}: {
  initial?: string;
  changes: string[];
  replaceWith?: string;
  uploaded?: string[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextEditor
        label="Content"
        value={value}
        onChange={(html) => {
          changes.push(html);
          setValue(html);
        }}
        onImageUploaded={(url) => uploaded?.push(url)}
      />
      <button type="button" data-testid="reset" onClick={() => setValue(replaceWith ?? '')}>
        Reset
      </button>
      <output data-testid="value">{value}</output>
    </>
  );
}

/** The Tiptap editor behind the editing area (Tiptap keeps it on the contenteditable). */
function editorIn(root: ParentNode): Editor {
  const dom = root.querySelector('.ProseMirror') as (HTMLElement & { editor?: Editor }) | null;
  if (!dom?.editor) throw new Error('no editor');
  return dom.editor;
}

const tool = (root: ParentNode, name: string) =>
  root.querySelector<HTMLElement>(`[role="toolbar"] [aria-label="${name}"]`);
const buttonNamed = (root: ParentNode, text: string) =>
  [...root.querySelectorAll('button')].find((button) => button.textContent?.trim() === text);

async function select(root: ParentNode, run: (editor: Editor) => void) {
  await act(async () => run(editorIn(root)));
}

describe('RichTextEditor', () => {
  it('names the editing area by its label and draws the toolbar', async () => {
    const root = await mount(<Harness changes={[]} initial="<p>Hello</p>" />);
    const area = root.querySelector('[contenteditable="true"]');
    const labelId = area?.getAttribute('aria-labelledby');
    expect(labelId && root.ownerDocument.getElementById(labelId)?.textContent).toBe('Content');
    expect(area?.getAttribute('role')).toBe('textbox');
    const toolbar = root.querySelector('[role="toolbar"]');
    expect(toolbar?.getAttribute('aria-label')).toBe('Content formatting');
    expect(tool(root, 'Bold')?.getAttribute('aria-pressed')).toBe('false');
    expect(root.querySelector('.ProseMirror p')?.textContent).toBe('Hello');
  });

  it('moves along the toolbar with the arrow keys, with one tab stop', async () => {
    const root = await mount(<Harness changes={[]} initial="<p>Hello</p>" />);
    const toolbar = root.querySelector('[role="toolbar"]') as HTMLElement;
    const stops = () => [...toolbar.querySelectorAll<HTMLElement>('[data-tool]')].filter((item) => item.tabIndex === 0);
    expect(stops()).toHaveLength(1);
    expect(stops()[0]?.getAttribute('aria-label')).toBe('Text style');
    const press = (key: string) =>
      act(async () => {
        (document.activeElement ?? toolbar).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      });
    stops()[0]?.focus();
    await press('ArrowRight');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Bold');
    expect(stops().map((item) => item.getAttribute('aria-label'))).toEqual(['Bold']);
    await press('ArrowLeft');
    await press('ArrowLeft');
    // From the first control, left goes round to the last enabled one (Undo and Redo start disabled).
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Product card');
    await press('Home');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Text style');
  });

  it('warns near the content limit and marks the field invalid over it', async () => {
    const changes: string[] = [];
    const view = await mount(
      <RichTextEditor label="Content" value="<p>12345678</p>" maxLength={17} onChange={(html) => changes.push(html)} />,
    );
    const area = view.querySelector('[contenteditable="true"]') as HTMLElement;
    expect(view.textContent).not.toContain('close to its limit');
    await select(view, (editor) => editor.chain().setTextSelection(9).insertContent('9').run());
    expect(view.textContent).toContain('The content is close to its limit of 17 characters.');
    expect(area.getAttribute('aria-invalid')).toBeNull();
    await select(view, (editor) => editor.chain().insertContent('0123').run());
    expect(view.textContent).toContain('over the limit of 17 characters');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const described = area.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(described.map((id) => view.ownerDocument.getElementById(id)?.textContent).join(' ')).toContain(
      'over the limit',
    );
  });

  it('shows the field error under the editor and points the editing area at it', async () => {
    const view = await mount(<RichTextEditor label="Content" value="" error="Write the post" onChange={() => {}} />);
    const area = view.querySelector('[contenteditable="true"]') as HTMLElement;
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const errorId = area.getAttribute('aria-describedby');
    expect(errorId && view.ownerDocument.getElementById(errorId)?.textContent).toBe('Write the post');
  });

  it('makes text bold and a heading with the toolbar, and reports the HTML', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Choosing a board</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection({ from: 1, to: 17 }));
    await click(tool(root, 'Bold'));
    expect(changes.at(-1)).toBe('<p><strong>Choosing a board</strong></p>');
    expect(tool(root, 'Bold')?.getAttribute('aria-pressed')).toBe('true');

    await type(root.querySelector('select[aria-label="Text style"]'), 'h2');
    expect(changes.at(-1)).toBe('<h2><strong>Choosing a board</strong></h2>');
    expect(root.querySelector<HTMLSelectElement>('select[aria-label="Text style"]')?.value).toBe('h2');
  });

  it('makes a bulleted list and a numbered list', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Solder</p><p>Flux</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection({ from: 1, to: 13 }));
    await click(tool(root, 'Bulleted list'));
    expect(changes.at(-1)).toBe('<ul><li><p>Solder</p></li><li><p>Flux</p></li></ul>');
    await click(tool(root, 'Numbered list'));
    expect(changes.at(-1)).toBe('<ol><li><p>Solder</p></li><li><p>Flux</p></li></ol>');
  });

  it('inserts a 3 × 3 table with a header row and edits its rows and columns', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Boards</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection(7));
    await click(tool(root, 'Table'));
    const html = changes.at(-1) ?? '';
    expect(html).toContain('<table><tbody><tr><th><p></p></th><th><p></p></th><th><p></p></th></tr>');
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html.match(/<td>/g)).toHaveLength(6);
    expect(html).not.toContain('style=');
    expect(html).not.toContain('colgroup');

    const group = root.querySelector('[role="group"][aria-label="Table"]');
    expect(group).not.toBeNull();
    await click(buttonNamed(root, 'Add row'));
    expect(changes.at(-1)?.match(/<tr>/g)).toHaveLength(4);
    await click(buttonNamed(root, 'Add column'));
    expect(changes.at(-1)?.match(/<th>/g)).toHaveLength(4);
    await click(buttonNamed(root, 'Delete column'));
    expect(changes.at(-1)?.match(/<th>/g)).toHaveLength(3);
    await click(buttonNamed(root, 'Delete table'));
    expect(changes.at(-1)).not.toContain('<table');
  });

  it('keeps a product card as <div data-product-card> and shows the product', async () => {
    stubApi({
      'GET /api/admin/products/arduino-uno-r4': () =>
        json({
          data: {
            id: '00000000-0000-4000-8000-000000000001',
            name: 'Arduino Uno R4',
            slug: 'arduino-uno-r4',
            price: 27.5,
            price_max: 27.5,
            images: [],
            is_active: true,
          },
        }),
      'GET /api/admin/products/gone': () => errorBody('Product not found', 404),
    });
    const changes: string[] = [];
    const html = '<p>Start here:</p><div data-product-card="arduino-uno-r4"></div><div data-product-card="gone"></div>';
    const root = await mount(<Harness changes={changes} initial={html} />);
    await waitFor(() => expect(root.textContent).toContain('Arduino Uno R4'));
    await waitFor(() => expect(root.textContent).toContain('Product not found: gone'));
    expect(editorIn(root).getHTML()).toBe(html);

    await click(root.querySelector('[aria-label="Remove product card gone"]'));
    expect(changes.at(-1)).toBe('<p>Start here:</p><div data-product-card="arduino-uno-r4"></div>');
  });

  it('takes a new value from outside without echoing it, and keeps its own edits', async () => {
    const changes: string[] = [];
    const root = await mount(
      <Harness changes={changes} initial="<p>Draft</p>" replaceWith="<h2>Loaded post</h2><p>Body</p>" />,
    );
    await click(root.querySelector('[data-testid="reset"]'));
    expect(editorIn(root).getHTML()).toBe('<h2>Loaded post</h2><p>Body</p>');
    expect(changes).toEqual([]);

    // An edit goes out and comes back as the value: the document (and the cursor) stay as they are.
    await select(root, (editor) => editor.chain().setTextSelection(2).insertContent('!').run());
    expect(changes.at(-1)).toBe('<h2>L!oaded post</h2><p>Body</p>');
    expect(editorIn(root).state.selection.from).toBe(3);
  });

  it('sends an empty string for an empty editor', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>x</p>" />);
    await select(root, (editor) => editor.commands.clearContent(true));
    expect(changes.at(-1)).toBe('');
  });

  it('adds a shop link as a path and an external one with the server’s rel, and refuses javascript:', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>See the Uno and the docs</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection({ from: 9, to: 12 }));
    await click(tool(root, 'Link'));
    const dialog = () => document.querySelector('dialog');
    const field = () => dialog()?.querySelector<HTMLInputElement>('input') ?? null;
    await type(field(), 'javascript:alert(1)');
    await act(async () => dialog()?.querySelector('form')?.requestSubmit());
    expect(dialog()?.textContent).toContain(LINK_MESSAGES.scheme);
    expect(changes).toEqual([]);

    await type(field(), `${window.location.origin}/product/arduino-uno-r4`);
    await act(async () => dialog()?.querySelector('form')?.requestSubmit());
    expect(dialog()).toBeNull();
    expect(changes.at(-1)).toBe('<p>See the <a href="/product/arduino-uno-r4">Uno</a> and the docs</p>');

    await select(root, (editor) => editor.commands.setTextSelection({ from: 21, to: 25 }));
    await click(tool(root, 'Link'));
    await type(field(), 'https://docs.arduino.cc');
    await act(async () => dialog()?.querySelector('form')?.requestSubmit());
    expect(changes.at(-1)).toContain(
      '<a href="https://docs.arduino.cc" rel="noopener noreferrer nofollow" target="_blank">docs</a>',
    );

    // Editing the link under the cursor: the dialog offers to remove it.
    await select(root, (editor) => editor.commands.setTextSelection(10));
    expect(tool(root, 'Edit link')?.getAttribute('aria-pressed')).toBe('true');
    await click(tool(root, 'Edit link'));
    expect(field()?.value).toBe('/product/arduino-uno-r4');
    await click(buttonNamed(dialog() ?? root, 'Remove link'));
    expect(changes.at(-1)).toMatch(/^<p>See the Uno and the <a href="https:\/\/docs/);
  });

  it('keeps its dialogs’ submits from the form around it', async () => {
    const submitted: string[] = [];
    const changes: string[] = [];
    const root = await mount(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted.push('post form');
        }}
      >
        <Harness changes={changes} initial="<p>See the Uno</p>" />
      </form>,
    );
    await select(root, (editor) => editor.commands.setTextSelection({ from: 9, to: 12 }));
    await click(tool(root, 'Link'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    expect(root.contains(dialog)).toBe(false);
    await type(dialog.querySelector('input'), '/product/arduino-uno-r4');
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(changes.at(-1)).toBe('<p>See the <a href="/product/arduino-uno-r4">Uno</a></p>');
    expect(submitted).toEqual([]);
  });

  it('requires alt text for an image, uploads the file and inserts it', async () => {
    const requests = recordUploads({ status: 201, body: { success: true, data: UPLOADED } });
    const changes: string[] = [];
    const uploaded: string[] = [];
    const root = await mount(<Harness changes={changes} uploaded={uploaded} initial="<p>Intro</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection(6));
    await click(tool(root, 'Image'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([1, 2, 3])], 'board.png', { type: 'image/png' });
    Object.defineProperty(fileInput, 'files', { value: [file], configurable: true });
    await act(async () => fileInput.dispatchEvent(new Event('change', { bubbles: true })));

    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(dialog.textContent).toContain('Describe the image for people who cannot see it');
    expect(requests).toHaveLength(0);

    const alt = [...dialog.querySelectorAll('label')].find((label) => label.textContent?.startsWith('Alt text'));
    await type(dialog.querySelector(`[id="${alt?.htmlFor}"]`), 'Arduino on a breadboard');
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(changes.at(-1)).toContain('<img'));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/upload/images' });
    expect(requests[0]?.headers.Authorization).toBe('Bearer a1');
    expect((requests[0]?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(changes.at(-1)).toBe(
      `<p>Intro</p><img src="${UPLOADED.url}" alt="Arduino on a breadboard" width="1600" height="1200" loading="lazy">`,
    );
    expect(uploaded).toEqual([UPLOADED.url]);
  });

  it('shows the upload’s refusal and inserts nothing', async () => {
    recordUploads({ status: 415, body: { message: 'Only JPEG, PNG, WebP, GIF and AVIF images can be uploaded' } });
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Intro</p>" />);
    await click(tool(root, 'Image'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(fileInput, 'files', { value: [new File(['x'], 'notes.txt')], configurable: true });
    await act(async () => fileInput.dispatchEvent(new Event('change', { bubbles: true })));
    const alt = [...dialog.querySelectorAll('label')].find((label) => label.textContent?.startsWith('Alt text'));
    await type(dialog.querySelector(`[id="${alt?.htmlFor}"]`), 'Notes');
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(dialog.querySelector('[role="alert"]')?.textContent).toContain('Only JPEG, PNG'));
    expect(changes).toEqual([]);
  });

  it('inserts an https image by its address', async () => {
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Intro</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection(6));
    await click(tool(root, 'Image'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    const field = (name: string) => {
      const label = [...dialog.querySelectorAll('label')].find((item) => item.textContent?.startsWith(name));
      return dialog.querySelector(`[id="${label?.htmlFor}"]`);
    };
    await type(field('Or image address'), 'http://example.com/a.png');
    await type(field('Alt text'), 'A board');
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(dialog.textContent).toContain('An image address starts with https://');
    await type(field('Or image address'), 'https://example.com/a.png');
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(changes.at(-1)).toBe('<p>Intro</p><img src="https://example.com/a.png" alt="A board" loading="lazy">');
  });

  it('embeds a product picked in the product dialog', async () => {
    const calls = stubApi({
      'GET /api/admin/products': (call) => {
        const search = new URL(call.url, 'http://x').searchParams.get('search');
        const all = [ARDUINO_UNO, SOLDERING_IRON];
        const data = all.filter((item) => !search || item.name.toLowerCase().includes(search.toLowerCase()));
        return json({ data, pagination: pagination(data.length, 1, 8) });
      },
      'GET /api/admin/products/soldering-iron': () => json({ data: SOLDERING_IRON }),
    });
    const changes: string[] = [];
    const root = await mount(<Harness changes={changes} initial="<p>Tools</p>" />);
    await select(root, (editor) => editor.commands.setTextSelection(6));
    await click(tool(root, 'Product card'));
    const dialog = document.querySelector('dialog') as HTMLDialogElement;
    await waitFor(() => expect(dialog.textContent).toContain('Arduino Uno R4'));
    await type(dialog.querySelector('input[type="search"]'), 'solder');
    await waitFor(() => expect(dialog.textContent).not.toContain('Arduino Uno R4'), 2000);
    expect(calls.some((call) => call.url.includes('search=solder'))).toBe(true);
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(dialog.textContent).toContain('Choose a product');
    await click(dialog.querySelector('input[value="soldering-iron"]'));
    await act(async () => dialog.querySelector('form')?.requestSubmit());
    expect(changes.at(-1)).toBe('<p>Tools</p><div data-product-card="soldering-iron"></div>');
    // The cursor is after the card, not on it: what comes next does not replace it.
    expect('node' in editorIn(root).state.selection).toBe(false);
    await select(root, (editor) => editor.commands.insertContent('More'));
    expect(changes.at(-1)).toBe('<p>Tools</p><div data-product-card="soldering-iron"></div><p>More</p>');
    await waitFor(() =>
      expect(root.querySelector('[data-product-card-view]')?.textContent).toContain('Soldering iron'),
    );
  });
});

const UPLOADED = {
  id: '0123456789abcdef0123456789abcdef',
  url: '/uploads/0123456789abcdef0123456789abcdef-1600.webp',
  urls: {},
  width: 1600,
  height: 1200,
};

/**
 * Answers `POST /api/upload/images` the way the server does. The upload goes by XMLHttpRequest (for
 * its progress events), so the network stub replaces XMLHttpRequest, as stubApi replaces fetch.
 */
function recordUploads(answer: { status: number; body: unknown }): Call[] {
  const calls: Call[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      calls.push({ method: this.method, url: this.url, body, headers: this.headers });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return calls;
}
