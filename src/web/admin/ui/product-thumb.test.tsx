import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, render } from '#web/test/render.tsx';
import { ProductThumb } from './product-thumb.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('ProductThumb', () => {
  it('shows the picture at its size, decorative (the name is beside it), or a placeholder without one', async () => {
    view = await render(
      <>
        <ProductThumb src="/uploads/uno.webp" />
        <ProductThumb src={null} size="sm" />
      </>,
    );
    const image = view.container.querySelector('img');
    expect(image?.getAttribute('alt')).toBe('');
    expect(image?.getAttribute('width')).toBe('48');
    expect(image?.getAttribute('sizes')).toBe('48px');
    expect(view.container.querySelectorAll('img')).toHaveLength(1);
    expect(view.container.querySelector('span.size-10 svg')).not.toBeNull();
  });
});
