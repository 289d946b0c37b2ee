import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { type ContactRequest, type ContactRequestInput, ContactRequestSchema } from '#shared/contracts/contact.ts';
import { whatsappLink } from '#shared/whatsapp.ts';
import { ApiError, apiPost } from '#web/lib/api-client.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { Breadcrumbs } from '#web/storefront/ui/breadcrumbs.tsx';
import { Container } from '#web/ui/container.tsx';
import { TextAreaField, TextField } from '#web/ui/form-field.tsx';
import { Icon } from '#web/ui/icons.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';
import { usePageTitle } from '#web/ui/use-page-title.ts';

const checkIcon = 'M5 12.5 10 17.5 19 7';
const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
type ContactField = (typeof FIELDS)[number];
const isContactField = (path: string): path is ContactField => (FIELDS as readonly string[]).includes(path);

const EMPTY: ContactRequestInput = { name: '', email: '', phone: '', subject: '', message: '', website: '' };

/** `/contact` (feature flag "contact form"): a message to the shop, stored and emailed to it. */
export function ContactPage() {
  const { features } = getSiteConfig();
  if (!features.contactForm) return <NotFoundPage />;
  return <Contact />;
}

function Contact() {
  usePageTitle('Contact us');
  const { company, whatsappNumber, features } = getSiteConfig();
  const whatsapp = features.whatsapp ? whatsappLink(whatsappNumber) : null;
  const [sentTo, setSentTo] = useState<{ name: string; email: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactRequestInput, unknown, ContactRequest>({
    resolver: zodResolver(ContactRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const send = async (message: ContactRequest) => {
    setFailure(null);
    try {
      await apiPost('/contact', message);
      setSentTo({ name: message.name, email: message.email });
      reset(EMPTY);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.errors.filter((item) => isContactField(item.path)) : [];
      if (fieldErrors.length > 0) {
        for (const item of fieldErrors) if (isContactField(item.path)) setError(item.path, { message: item.message });
        return;
      }
      setFailure(
        error instanceof ApiError && error.code !== 'NETWORK_ERROR'
          ? error.message
          : 'Your message could not be sent. Check your connection and try again.',
      );
    }
  };

  return (
    <Container className="py-6 sm:py-10">
      <Breadcrumbs items={[{ to: '/', label: 'Home' }, { label: 'Contact us' }]} />
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-strong sm:text-3xl">Contact us</h1>
      <p className="mt-1 max-w-2xl text-muted">
        A question about a product or an order? Write to us here, or reach us by phone or email.
      </p>
      {/* The shop's rules live on its fixed pages (docs/product.md#fixed-pages), not in promises here. */}
      <p className="mt-2 max-w-2xl text-sm text-muted">
        How delivery, returns and warranty claims work: see{' '}
        <Link to="/pages/delivery" className="text-link">
          Delivery
        </Link>
        ,{' '}
        <Link to="/pages/returns" className="text-link">
          Returns
        </Link>{' '}
        and{' '}
        <Link to="/pages/warranty" className="text-link">
          Warranty
        </Link>
        .
      </p>
      <div className="mt-6 grid gap-8 lg:grid-cols-12">
        <div className="lg:col-span-7">
          {sentTo ? (
            <div role="status" className="card p-6 text-center">
              <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent-soft text-accent">
                <Icon d={checkIcon} className="size-7" />
              </span>
              <h2 className="mt-3 text-xl font-semibold">Thank you, {sentTo.name.split(/\s+/)[0]}!</h2>
              <p className="mt-2 text-muted">
                Your message has been sent. We will reply to <span className="text-fg">{sentTo.email}</span>.
              </p>
              <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
                <button type="button" className="btn-secondary" onClick={() => setSentTo(null)}>
                  Send another message
                </button>
                <Link to="/store" className="btn-primary">
                  Continue shopping
                </Link>
              </div>
            </div>
          ) : (
            <form noValidate onSubmit={handleSubmit(send)} className="card space-y-4 p-4 sm:p-6">
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
                <TextField
                  label="Email"
                  type="email"
                  autoComplete="email"
                  error={errors.email?.message}
                  {...register('email')}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Phone"
                  optional
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  error={errors.phone?.message}
                  {...register('phone')}
                />
                <TextField label="Subject" optional error={errors.subject?.message} {...register('subject')} />
              </div>
              <TextAreaField label="Message" rows={6} error={errors.message?.message} {...register('message')} />
              {/* Hidden from people (and from screen readers); a bot that fills it is ignored. */}
              <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
                <label>
                  Website
                  <input tabIndex={-1} autoComplete="off" {...register('website')} />
                </label>
              </div>
              {failure && (
                <p
                  role="alert"
                  className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
                >
                  {failure}
                </p>
              )}
              <button type="submit" disabled={isSubmitting} className="btn-primary h-11 w-full sm:w-auto">
                {isSubmitting ? 'Sending…' : 'Send message'}
              </button>
            </form>
          )}
        </div>
        <aside className="lg:col-span-5">
          <div className="card space-y-3 p-4 text-sm sm:p-6">
            <h2 className="text-lg font-semibold">Other ways to reach us</h2>
            <p className="font-medium">{company.legalName}</p>
            {company.phone && (
              <p>
                Phone:{' '}
                <a className="text-link" href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>
                  {company.phone}
                </a>
              </p>
            )}
            {company.email && (
              <p>
                Email:{' '}
                <a className="text-link break-all" href={`mailto:${company.email}`}>
                  {company.email}
                </a>
              </p>
            )}
            {whatsapp && (
              <p>
                WhatsApp:{' '}
                <a className="text-link" href={whatsapp} target="_blank" rel="noopener noreferrer">
                  {whatsappNumber}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </p>
            )}
            {company.address && <p className="text-muted">{company.address}</p>}
          </div>
        </aside>
      </div>
    </Container>
  );
}
