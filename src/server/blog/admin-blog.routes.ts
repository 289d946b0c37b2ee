import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '#server/audit/request-audit-context.ts';
import { notFound } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import {
  AdminBlogPostListQuerySchema,
  AdminBlogPostSchema,
  AdminBlogPostSummarySchema,
  BlogCategoryCreateSchema,
  BlogCategoryDeleteQuerySchema,
  BlogCategoryIdParamsSchema,
  BlogCategorySchema,
  BlogCategoryUpdateSchema,
  BlogPostCreateSchema,
  BlogPostIdParamsSchema,
  BlogPostUpdateSchema,
} from '#shared/contracts/blog.ts';
import { dataEnvelope, ErrorBodySchema, paginatedEnvelope } from '#shared/contracts/common.ts';
import {
  createBlogCategory,
  deleteBlogCategory,
  listAdminCategories,
  updateBlogCategory,
} from './blog-categories.service.ts';
import { getAdminPost, listAdminPosts } from './blog-post-queries.ts';
import { createPost, deletePost, updatePost } from './blog-posts.service.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/**
 * The blog's staff calls under `/blogs/admin` (docs/product.md#blog-endpoints). Registered in the
 * staff scope (src/server/admin/staff-scope.ts), whose onRequest hook checks the staff bearer
 * before the body is read; tests/api/admin-routes.test.ts holds every `/blogs/admin` route to it.
 */
export const adminBlogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blogs/admin/posts',
    {
      schema: {
        tags: ['blog admin'],
        summary: 'Posts in every status: status, category, search, sort, pages',
        querystring: AdminBlogPostListQuerySchema,
        response: { 200: paginatedEnvelope(AdminBlogPostSummarySchema), 400: ErrorBodySchema },
      },
    },
    (request) => listAdminPosts(app.db, request.query, app.clock.now()),
  );

  app.post(
    '/blogs/admin/posts',
    {
      schema: {
        tags: ['blog admin'],
        summary: 'Write a post (slug from the title unless given; content sanitised; you are the author)',
        body: BlogPostCreateSchema,
        response: { 201: dataEnvelope(AdminBlogPostSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await createPost(app.db, request.body, auditContextOf(request), app.clock.now()) }),
  );

  app.get(
    '/blogs/admin/posts/:id',
    {
      ...paramsNotFound(() => notFound('Post')),
      schema: {
        tags: ['blog admin'],
        summary: 'One post in any status, with its stored content',
        params: BlogPostIdParamsSchema,
        response: { 200: dataEnvelope(AdminBlogPostSchema), ...errors },
      },
    },
    async (request) => ({ data: await getAdminPost(app.db, request.params.id, app.clock.now()) }),
  );

  app.put(
    '/blogs/admin/posts/:id',
    {
      ...paramsNotFound(() => notFound('Post')),
      schema: {
        tags: ['blog admin'],
        summary: 'Change a post: the fields sent (a future published_at schedules it)',
        params: BlogPostIdParamsSchema,
        body: BlogPostUpdateSchema,
        response: { 200: dataEnvelope(AdminBlogPostSchema), ...errors },
      },
    },
    async (request) => ({
      data: await updatePost(app.db, request.params.id, request.body, auditContextOf(request), app.clock.now()),
    }),
  );

  app.delete(
    '/blogs/admin/posts/:id',
    {
      ...paramsNotFound(() => notFound('Post')),
      schema: {
        tags: ['blog admin'],
        summary: 'Delete a post',
        params: BlogPostIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deletePost(app.db, request.params.id, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/blogs/admin/categories',
    {
      schema: {
        tags: ['blog admin'],
        summary: 'Every blog category, inactive ones too, with its count of published posts',
        response: { 200: dataEnvelope(z.array(BlogCategorySchema)) },
      },
    },
    async () => ({ data: await listAdminCategories(app.db, app.clock.now()) }),
  );

  app.post(
    '/blogs/admin/categories',
    {
      schema: {
        tags: ['blog admin'],
        summary: 'Create a blog category (slug from the name unless given)',
        body: BlogCategoryCreateSchema,
        response: { 201: dataEnvelope(BlogCategorySchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createBlogCategory(app.db, request.body, auditContextOf(request)) }),
  );

  app.put(
    '/blogs/admin/categories/:id',
    {
      ...paramsNotFound(() => notFound('Category')),
      schema: {
        tags: ['blog admin'],
        summary: 'Change a blog category: the fields sent',
        params: BlogCategoryIdParamsSchema,
        body: BlogCategoryUpdateSchema,
        response: { 200: dataEnvelope(BlogCategorySchema), ...errors },
      },
    },
    async (request) => ({
      data: await updateBlogCategory(app.db, request.params.id, request.body, auditContextOf(request)),
    }),
  );

  app.delete(
    '/blogs/admin/categories/:id',
    {
      ...paramsNotFound(() => notFound('Category')),
      schema: {
        tags: ['blog admin'],
        summary: 'Delete a blog category; one with posts needs move_to (another category) or answers 409',
        params: BlogCategoryIdParamsSchema,
        querystring: BlogCategoryDeleteQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await deleteBlogCategory(app.db, request.params.id, request.query.move_to, auditContextOf(request));
      return reply.status(204).send(null);
    },
  );
};
