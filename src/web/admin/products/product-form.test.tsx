import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminProduct, ProductCreate } from '#shared/contracts/admin-products.ts';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { ProductForm } from './product-form.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

function fieldLabelled(container: HTMLElement, label: string): HTMLInputElement {
  const element = [...container.querySelectorAll('label')].find((item) => item.textContent?.startsWith(label));
  const input = element?.htmlFor ? container.ownerDocument.getElementById(element.htmlFor) : null;
  if (!(input instanceof HTMLInputElement)) throw new Error(`no field labelled ${label}`);
  return input;
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('ProductForm: max per order (issue 18)', () => {
  it('has a labelled field, 10 for a new product, sent as a number', async () => {
    const saved: ProductCreate[] = [];
    const onSave = async (values: ProductCreate) => {
      saved.push(values);
      return { ...values, id: 'p1' } as unknown as AdminProduct;
    };
    view = await render(
      <MemoryRouter>
        <ProductForm categories={[]} onSave={onSave} />
      </MemoryRouter>,
    );
    const container = view.container;
    const field = fieldLabelled(container, 'Max per order');
    expect(field.value).toBe('10');

    await type(fieldLabelled(container, 'Name'), 'Heat Gun');
    await type(fieldLabelled(container, 'Price'), '45');
    await type(field, '3');
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ name: 'Heat Gun', price: 45, max_per_order: 3 });
  });

  it('refuses 0 with the contract message on the field', async () => {
    view = await render(
      <MemoryRouter>
        <ProductForm categories={[]} onSave={async () => ({}) as AdminProduct} />
      </MemoryRouter>,
    );
    const container = view.container;
    await type(fieldLabelled(container, 'Name'), 'Heat Gun');
    await type(fieldLabelled(container, 'Price'), '45');
    await type(fieldLabelled(container, 'Max per order'), '0');
    await act(async () => {
      container.querySelector('form')?.requestSubmit();
    });
    await waitFor(() => expect(container.textContent).toContain('Max per order must be at least 1'));
  });
});

describe('ProductForm: specification and variation rows (issue 19)', () => {
  it('labels each input of a row, so the stacked rows on a phone say what they hold', async () => {
    view = await render(
      <MemoryRouter>
        <ProductForm categories={[]} onSave={async () => ({}) as AdminProduct} />
      </MemoryRouter>,
    );
    const container = view.container;
    const add = (text: string) =>
      act(async () => {
        [...container.querySelectorAll('button')].find((button) => button.textContent === text)?.click();
      });
    await add('Add specification');
    await add('Add variation');
    const rowLabels = [...container.querySelectorAll('li label')].map((label) => [
      label.textContent,
      container.ownerDocument.getElementById(label.getAttribute('for') ?? '')?.tagName,
    ]);
    expect(rowLabels).toEqual([
      ['Specification 1 Name', 'INPUT'],
      ['Specification 1 Value', 'INPUT'],
      ['Variation 1 Name', 'INPUT'],
      ['Variation 1 Options, separated by commas', 'INPUT'],
    ]);
    // The row number is for screen readers; the eye sees "Name", "Value" above each input.
    expect(container.querySelector('li label .sr-only')?.textContent).toBe('Specification 1 ');
    expect(container.querySelector('button[aria-label="Remove variation 1"]')).not.toBeNull();
  });
});
