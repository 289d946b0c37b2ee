import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, render } from '#web/test/render.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

/** The stepper as the product page uses it: the chosen quantity is state of the page. */
function Page({ max, onQuantity }: { max: number; onQuantity: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <QuantityStepper
      value={quantity}
      max={max}
      disabled={false}
      onChange={(next) => {
        setQuantity(next);
        onQuantity(next);
      }}
    />
  );
}

async function type(input: HTMLInputElement, text: string) {
  await act(async () => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setValue?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('QuantityStepper', () => {
  it('says so when a typed quantity is above the maximum, instead of clipping it silently (issue 18)', async () => {
    const chosen: number[] = [];
    view = await render(<Page max={10} onQuantity={(quantity) => chosen.push(quantity)} />);
    const input = view.container.querySelector('input') as HTMLInputElement;
    const notice = view.container.querySelector('[role="status"]') as HTMLElement;
    expect(notice.textContent).toBe('');

    await type(input, '9999');
    expect(chosen.at(-1)).toBe(10);
    expect(notice.textContent).toBe('Cannot add more than 10 items');
    expect(input.getAttribute('aria-describedby')).toBe(notice.id);

    await act(async () => input.dispatchEvent(new FocusEvent('focusout', { bubbles: true })));
    expect(input.value).toBe('10');
    expect(notice.textContent).toBe('Cannot add more than 10 items');

    await type(input, '4');
    expect(chosen.at(-1)).toBe(4);
    expect(notice.textContent).toBe('');
  });

  it('says so when + is pressed at the maximum', async () => {
    view = await render(<Page max={2} onQuantity={() => {}} />);
    const plus = view.container.querySelector('button[aria-label="Increase quantity"]') as HTMLButtonElement;
    const notice = view.container.querySelector('[role="status"]') as HTMLElement;
    await act(async () => plus.click());
    expect(notice.textContent).toBe('');
    await act(async () => plus.click());
    expect(notice.textContent).toBe('Cannot add more than 2 items');
    expect((view.container.querySelector('input') as HTMLInputElement).value).toBe('2');
  });
});
