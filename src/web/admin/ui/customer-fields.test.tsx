import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldLabelled } from '#web/test/admin.tsx';
import { type Rendered, render } from '#web/test/render.tsx';
import { AddressFields, ContactFields } from './customer-fields.tsx';
import { fieldBinder } from './form-fields.ts';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

describe('ContactFields and AddressFields', () => {
  it('bind to the form wherever the customer sits in it, with the checkout’s labels', async () => {
    function Form() {
      const {
        register,
        formState: { errors },
      } = useForm({
        defaultValues: {
          customer: { name: 'Maya', phone: '03 123 456', email: '' },
          shipping_address: { city: 'Beirut', street: 'Bliss', building: '', floor: '', notes: '' },
        },
      });
      const field = fieldBinder(register, errors);
      return (
        <form>
          <ContactFields nameLabel="Full name" field={(key) => field(`customer.${key}`)} />
          <AddressFields field={(key) => field(`shipping_address.${key}`)} />
        </form>
      );
    }
    view = await render(<Form />);
    const root = view.container;
    expect(fieldLabelled(root, 'Full name')?.name).toBe('customer.name');
    expect(fieldLabelled(root, 'Phone')?.type).toBe('tel');
    expect(fieldLabelled(root, 'Email')?.value).toBe('');
    expect(fieldLabelled(root, 'City or area')?.value).toBe('Beirut');
    expect(fieldLabelled(root, 'Street')?.name).toBe('shipping_address.street');
    expect(fieldLabelled<HTMLTextAreaElement>(root, 'Delivery notes')?.tagName).toBe('TEXTAREA');
    // Optional fields say so in their label.
    expect([...root.querySelectorAll('label')].map((label) => label.textContent)).toEqual([
      'Full name',
      'Phone',
      'Email (optional)',
      'City or area',
      'Street',
      'Building (optional)',
      'Floor (optional)',
      'Delivery notes (optional)',
    ]);
  });
});
