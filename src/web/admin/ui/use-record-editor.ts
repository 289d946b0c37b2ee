import { type QueryClient, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type ToastOptions, toast } from '#web/lib/toast.ts';
import { type DeleteStep, useDeleteStep } from './use-delete-step.ts';

/**
 * What an editor page says about its record: how to load, create, update and delete one, which
 * lists to refresh after a write, where the record is edited and what the toasts say. The page
 * passes it to `useRecordEditor`, then draws the result with `<EditorFrame>`.
 */
export interface RecordEditorConfig<R, W, D = unknown> {
  /**
   * The record's id: the address's `:id` unless given (a fixed page's is its `:slug`); undefined
   * on `…/new`, where the editor creates.
   */
  id?: string | undefined;
  /** "product": "Could not delete the product". */
  noun: string;
  /** The cache key of one record: `[...KEY, 'one', id]`. */
  recordKey: (id: string) => QueryKey;
  load: (id: string, signal: AbortSignal) => Promise<R>;
  /** Left out where records are never created here (the fixed pages). */
  create?: (values: W) => Promise<R>;
  update: (id: string, values: W) => Promise<R>;
  /** Left out where records are never deleted here. */
  remove?: (id: string) => Promise<D>;
  /** Refreshes the lists and counts that show the record. */
  invalidate: (queryClient: QueryClient) => unknown;
  /** The record's id, for the cache and the form's key: `record.id` unless said (a fixed page's is its slug). */
  idOf?: (record: R) => string;
  /** The record's editor address, which replaces `…/new` after a create: `{listPath}/{id}` unless said. */
  pathOf?: (record: R) => string;
  /** The list the editor comes from: where a delete lands. */
  listPath: string;
  /** The toast after a save; `created` on the first save of a new record. */
  savedToast: (record: R, created: boolean) => ToastOptions;
  /** The toast after a delete, from what the server answered (an archived product says so). */
  deletedToast?: (result: D) => ToastOptions;
}

export interface RecordEditor<R, W> {
  /** The config's noun and id, for the frame's words and the form's key. */
  noun: string;
  idOf: (record: R) => string;
  /** The record being edited; undefined on `…/new`. */
  current: R | undefined;
  /** The record's load, for the placeholder (loading, not found, failed with a retry). */
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  /** True until the record is there (never on `…/new`). */
  waiting: boolean;
  /** Creates or updates; resolves with the saved record, throws ApiError for the form to show. */
  save: (values: W) => Promise<R>;
  /** The delete step: asked, confirmed or cancelled, pending while it runs. Null without `remove`. */
  deletion: DeleteStep | null;
}

/**
 * The load, save and delete of one editor page (product, promo code, post, fixed page): one copy
 * of what every editor did by hand. A save puts the saved record in the cache (so the page does
 * not load it again), refreshes the lists and says so; the first save of a new record moves the
 * address to the record's own. A delete asks first, then lands on the list.
 */
export function useRecordEditor<R, W, D = unknown>(config: RecordEditorConfig<R, W, D>): RecordEditor<R, W> {
  const { noun, recordKey, load, create, update, remove, invalidate, listPath } = config;
  const params = useParams();
  // Given as undefined (a fixed page's unknown slug) is not the same as left out.
  const id = 'id' in config ? config.id : params.id;
  const idOf = config.idOf ?? idField;
  const pathOf = config.pathOf ?? ((record: R) => `${listPath}/${idOf(record)}`);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: recordKey(id ?? ''),
    queryFn: ({ signal }) => load(id as string, signal),
    enabled: id !== undefined,
  });

  const save = async (values: W): Promise<R> => {
    if (id === undefined) {
      if (!create) throw new Error(`${noun}: this editor cannot create records`);
      const created = await create(values);
      toast(config.savedToast(created, true));
      queryClient.setQueryData(recordKey(idOf(created)), created);
      void invalidate(queryClient);
      navigate(pathOf(created), { replace: true });
      return created;
    }
    const updated = await update(id, values);
    toast(config.savedToast(updated, false));
    queryClient.setQueryData(recordKey(id), updated);
    void invalidate(queryClient);
    return updated;
  };

  const deletion = useDeleteStep({
    remove: () => (remove as (id: string) => Promise<D>)(id as string),
    deletedToast: (result) =>
      config.deletedToast?.(result) ?? { variant: 'success', title: `${capitalise(noun)} deleted` },
    failedTitle: `Could not delete the ${noun}`,
    onDeleted: () => {
      void invalidate(queryClient);
      navigate(listPath);
    },
  });

  return {
    noun,
    idOf,
    current: id === undefined ? undefined : query.data,
    query,
    waiting: id !== undefined && !query.isSuccess,
    save,
    deletion: remove && id !== undefined ? deletion : null,
  };
}

/** The default `idOf`: most records (product, promo code, post) carry their id as `id`. */
function idField(record: unknown): string {
  const id = (record as { id?: unknown }).id;
  if (typeof id !== 'string') throw new Error('This record has no string id: give the editor an idOf');
  return id;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
