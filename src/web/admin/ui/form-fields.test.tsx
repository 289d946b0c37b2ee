import { act } from 'react';
import { type ResolverResult, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldLabelled, type } from '#web/test/admin.tsx';
import { type Rendered, render, waitFor } from '#web/test/render.tsx';
import { SelectField, TextField } from '#web/ui/form-field.tsx';
import { fieldBinder } from './form-fields.ts';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

interface Values {
  name: string;
  address: { city: string };
  kind: string;
}

describe('fieldBinder', () => {
  it('registers nested fields and puts each one’s error on it, wired for screen readers', async () => {
    const saved: Values[] = [];
    function Form() {
      const {
        register,
        handleSubmit,
        formState: { errors },
      } = useForm<Values>({
        defaultValues: { name: '', address: { city: '' }, kind: 'b' },
        // A nested error, as the shared schemas give for an address.
        resolver: async (values): Promise<ResolverResult<Values>> =>
          values.address.city
            ? { values, errors: {} }
            : { values: {}, errors: { address: { city: { type: 'required', message: 'City is required' } } } },
      });
      const field = fieldBinder(register, errors);
      return (
        <form noValidate onSubmit={handleSubmit((values) => saved.push(values))}>
          <TextField label="Name" {...field('name')} />
          <TextField label="City" {...field('address.city')} />
          <SelectField label="Kind" {...field('kind')}>
            <option value="a">A</option>
            <option value="b">B</option>
          </SelectField>
        </form>
      );
    }
    view = await render(<Form />);
    const root = view.container;
    await act(async () => root.querySelector('form')?.requestSubmit());
    const city = fieldLabelled(root, 'City');
    await waitFor(() => expect(city?.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(city?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('City is required');

    await type(fieldLabelled(root, 'Name'), 'Maya');
    await type(city, 'Beirut');
    await type(fieldLabelled<HTMLSelectElement>(root, 'Kind'), 'a');
    await act(async () => root.querySelector('form')?.requestSubmit());
    await waitFor(() => expect(saved).toEqual([{ name: 'Maya', address: { city: 'Beirut' }, kind: 'a' }]));
  });
});
