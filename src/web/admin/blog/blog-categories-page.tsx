import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BlogCategory } from '#shared/contracts/blog.ts';
import { editIcon, trashIcon } from '#web/admin/shared/action-icons.ts';
import { CategoryTreeDialogs } from '#web/admin/shared/category-dialogs.tsx';
import { categoryTreeOptions } from '#web/admin/shared/category-options.ts';
import { InlineError } from '#web/ui/inline-error.tsx';
import { AdminPageHeader } from '../shell/admin-page-header.tsx';
import { DataList, type ListColumn } from '../ui/data-list.tsx';
import { ListEmpty, ListSkeleton } from '../ui/list-states.tsx';
import { RowActionButton, RowActions } from '../ui/row-actions.tsx';
import { ActiveBadge } from '../ui/status-badge.tsx';
import { blogCategoriesQuery } from './blog-api.ts';
import { blogCategoryKit } from './blog-category-kit.ts';

type Editing = { kind: 'edit'; category: BlogCategory | null } | { kind: 'delete'; category: BlogCategory } | null;

/** The categories in tree order (parents before their children), as the pickers show them. */
function inTreeOrder(categories: readonly BlogCategory[]): BlogCategory[] {
  const byId = new Map(categories.map((category) => [category.id, category]));
  return categoryTreeOptions(categories).flatMap(([id]) => byId.get(id) ?? []);
}

/**
 * `/admin/blog/categories`: the blog's categories with their parent, public post count, state and
 * order; create and edit in a dialog, delete with a move of their posts.
 */
export function BlogCategoriesPage() {
  const categories = useQuery(blogCategoriesQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const all = categories.data ?? [];
  const names = new Map(all.map((category) => [category.id, category.name]));
  const columns: ReadonlyArray<ListColumn<BlogCategory>> = [
    {
      header: 'Name',
      card: 'title',
      cell: (category) => (
        <>
          <span className="font-medium text-strong">{category.name}</span>
          <span className="block font-mono text-xs text-muted">{category.slug}</span>
        </>
      ),
    },
    {
      header: 'Parent',
      card: 'line',
      className: 'text-muted',
      cell: (category) => (category.parent_id ? (names.get(category.parent_id) ?? '—') : '—'),
    },
    {
      header: 'Posts',
      card: 'aside',
      align: 'right',
      className: 'tabular-nums',
      cell: (category) => category.post_count,
    },
    {
      header: 'Order',
      card: 'line',
      align: 'right',
      className: 'tabular-nums',
      cell: (category) => category.sort_order,
    },
    {
      header: 'Status',
      card: 'badge',
      cell: (category) => <ActiveBadge active={category.is_active} inactiveLabel="Hidden" />,
    },
    {
      header: 'Actions',
      headerHidden: true,
      align: 'right',
      card: 'actions',
      cell: (category) => (
        <RowActions>
          <RowActionButton
            icon={editIcon}
            label={`Edit ${category.name}`}
            title="Edit"
            onClick={() => setEditing({ kind: 'edit', category })}
          />
          <RowActionButton
            icon={trashIcon}
            label={`Delete ${category.name}`}
            title="Delete"
            danger
            onClick={() => setEditing({ kind: 'delete', category })}
          />
        </RowActions>
      ),
    },
  ];
  const newCategory = (
    <button type="button" className="btn-primary" onClick={() => setEditing({ kind: 'edit', category: null })}>
      New category
    </button>
  );

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/blog" className="font-medium text-accent underline-offset-4 hover:underline">
          ← All posts
        </Link>
      </p>
      <AdminPageHeader
        title="Blog categories"
        description="How the blog's posts are grouped. Hidden categories keep their posts but are not offered on the blog."
        actions={newCategory}
      />
      {categories.isPending ? (
        <ListSkeleton label="Loading blog categories" />
      ) : categories.isError ? (
        <InlineError title="Could not load the blog categories" onRetry={() => void categories.refetch()} />
      ) : all.length === 0 ? (
        <ListEmpty
          filtered={false}
          plural="categories"
          text={{
            title: 'No blog categories yet.',
            hint: 'Group posts into guides, projects, news…',
            action: newCategory,
          }}
        />
      ) : (
        <div className="card">
          <DataList
            label="Blog categories"
            rows={inTreeOrder(all)}
            columns={columns}
            rowKey={(category) => category.id}
            tableClassName="min-w-[40rem]"
          />
        </div>
      )}
      <CategoryTreeDialogs
        kit={blogCategoryKit}
        categories={all}
        editing={editing?.kind === 'edit' ? editing.category : undefined}
        deleting={editing?.kind === 'delete' ? editing.category : undefined}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
