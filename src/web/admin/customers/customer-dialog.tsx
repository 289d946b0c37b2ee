import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath, Resolver, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import {
  CUSTOMER_PHONE_TAKEN_MESSAGE,
  type Customer,
  type CustomerCreate,
  CustomerCreateSchema,
} from '#shared/contracts/customers.ts';
import { formatPhone } from '#shared/phone.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { TextAreaField } from '#web/ui/form-field.tsx';
import { AddressFields, ContactFields } from '../ui/customer-fields.tsx';
import { FormDialog } from '../ui/form-dialog.tsx';
import { useDialogForm } from '../ui/use-editor-form.tsx';
import { createCustomer, invalidateCustomers, updateCustomer } from './customer-api.ts';

interface FormValues {
  name: string;
  phone: string;
  email: string;
  notes: string;
  address: { city: string; street: string; building: string; floor: string; notes: string };
}

const ADDRESS_KEYS = ['city', 'street', 'building', 'floor', 'notes'] as const;

/** An address left blank is "no address" (null), not five empty-field errors. */
function toBody(values: FormValues): unknown {
  const blank = ADDRESS_KEYS.every((key) => !values.address[key].trim());
  return { ...values, address: blank ? null : values.address };
}

/** The contract's own rules (CustomerCreateSchema), run on what the form would send. */
const FormSchema = z.preprocess((value) => toBody(value as FormValues), CustomerCreateSchema) as unknown as z.ZodType<
  CustomerCreate,
  FormValues
>;
const resolver: Resolver<FormValues, unknown, CustomerCreate> = zodResolver(FormSchema);

const FIELD_PATHS = new Set<string>([
  'name',
  'phone',
  'email',
  'notes',
  'address',
  ...ADDRESS_KEYS.map((key) => `address.${key}`),
]);
const isFieldPath = (path: string): path is FieldPath<FormValues> => FIELD_PATHS.has(path);

function initialValues(customer: Customer | null): FormValues {
  return {
    name: customer?.name ?? '',
    phone: customer?.phone ? formatPhone(customer.phone) : '',
    email: customer?.email ?? '',
    notes: customer?.notes ?? '',
    address: {
      city: customer?.address?.city ?? '',
      street: customer?.address?.street ?? '',
      building: customer?.address?.building ?? '',
      floor: customer?.address?.floor ?? '',
      notes: customer?.address?.notes ?? '',
    },
  };
}

/**
 * Add (`customer` null) or edit a customer in a modal. Mounted only while open, so every opening
 * starts from fresh values. A phone another customer already has (409) is shown on the phone field.
 */
export function CustomerDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer: Customer | null;
  onClose: () => void;
  onSaved?: (customer: Customer) => void;
}) {
  const queryClient = useQueryClient();
  const { form, field, dialog } = useDialogForm<FormValues, CustomerCreate>({
    resolver,
    defaultValues: initialValues(customer),
    save: (body, { setError }) => save(body, setError),
  });
  const errors = form.formState.errors;

  const save = async (body: CustomerCreate, setError: UseFormSetError<FormValues>) => {
    try {
      const saved = customer ? await updateCustomer(customer.id, body) : await createCustomer(body);
      toast({ variant: 'success', title: customer ? `${saved.name} saved` : `${saved.name} added` });
      void invalidateCustomers(queryClient);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) {
        toast({ variant: 'error', title: 'Could not save the customer' });
        return;
      }
      const fieldErrors = error.errors.filter((item) => isFieldPath(item.path));
      // Focus the first field at fault: in a long form on a phone it may be scrolled out of sight.
      fieldErrors.forEach((item, index) => {
        if (isFieldPath(item.path)) setError(item.path, { message: item.message }, { shouldFocus: index === 0 });
      });
      // The only conflict a save can hit is the phone number another customer has.
      if (error.status === 409 && !fieldErrors.some((item) => item.path === 'phone')) {
        setError('phone', { message: error.message || CUSTOMER_PHONE_TAKEN_MESSAGE }, { shouldFocus: true });
      } else if (fieldErrors.length === 0) {
        toast({ variant: 'error', title: error.message || 'Could not save the customer' });
      }
    }
  };

  return (
    <FormDialog
      title={customer ? `Edit ${customer.name}` : 'Add customer'}
      size="lg"
      submitLabel={customer ? 'Save changes' : 'Add customer'}
      pendingLabel="Saving…"
      {...dialog}
      onClose={onClose}
    >
      <ContactFields field={field} />
      <fieldset className="space-y-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-medium">
          Address <span className="font-normal text-muted">(optional)</span>
        </legend>
        {errors.address?.message && <p className="text-sm text-danger">{errors.address.message}</p>}
        <AddressFields field={(key) => field(`address.${key}`)} />
      </fieldset>
      <TextAreaField
        label="Notes"
        optional
        rows={3}
        maxLength={2000}
        hint="Only staff see these."
        {...field('notes')}
      />
    </FormDialog>
  );
}
