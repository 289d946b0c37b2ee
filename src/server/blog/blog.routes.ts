import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '#server/auth/authenticate.ts';
import { notFound } from '#server/errors.ts';
import { paramsNotFound } from '#server/plugins/params-not-found.ts';
import { isStaffRole } from '#shared/contracts/auth.ts';
import {
  BlogCategorySchema,
  BlogIdOrSlugParamsSchema,
  BlogPostListQuerySchema,
  BlogPostListSchema,
  BlogPostReadQuerySchema,
  BlogPostSchema,
  BlogPostSummarySchema,
  BlogRelatedQuerySchema,
} from '#shared/contracts/blog.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import { toBlogPostSummary } from './blog.mapper.ts';
import { getPublicCategory, listPublicCategories } from './blog-categories.service.ts';
import { findPublicPost, listPublicPosts, relatedPosts } from './blog-post-queries.ts';
import { countView, visitorHash } from './blog-posts.service.ts';
import { isBotAgent } from './bot-agents.ts';
import { sanitizePostHtml } from './post-html.ts';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/** Whether the request carries a live staff session (staff reading the shop are not views). Never throws. */
async function isStaffReader(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    return isStaffRole((await authenticate(app, request)).role);
  } catch {
    return false;
  }
}

/**
 * The public blog under `/blogs` (docs/product.md#blog-endpoints): published posts only (a
 * scheduled post is not found until its time), active categories. The post's HTML is sanitised
 * again on the way out, whatever the table holds.
 */
export const blogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/blogs/posts',
    {
      schema: {
        tags: ['blog'],
        summary: 'Published posts: search, category, tag, sort, pages (12 a page by default)',
        querystring: BlogPostListQuerySchema,
        response: { 200: BlogPostListSchema, 400: ErrorBodySchema },
      },
    },
    (request) => listPublicPosts(app.db, request.query, app.clock.now()),
  );

  app.get(
    '/blogs/posts/:id',
    {
      ...paramsNotFound(() => notFound('Post')),
      schema: {
        tags: ['blog'],
        summary: 'One published post by id or slug; increment_views counts a view (once a day per visitor)',
        params: BlogIdOrSlugParamsSchema,
        querystring: BlogPostReadQuerySchema,
        response: { 200: dataEnvelope(BlogPostSchema), ...errors },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const joined = await findPublicPost(app.db, request.params.id, now);
      const userAgent = request.headers['user-agent'];
      let viewCount = joined.post.viewCount;
      if (request.query.increment_views && !isBotAgent(userAgent) && !(await isStaffReader(app, request))) {
        const counted = await countView(app.db, joined.post.id, visitorHash(request.ip, userAgent ?? '', now));
        if (counted) viewCount += 1;
      }
      return {
        data: {
          ...toBlogPostSummary(joined, now),
          view_count: viewCount,
          content: sanitizePostHtml(joined.post.content),
        },
      };
    },
  );

  app.get(
    '/blogs/posts/:id/related',
    {
      ...paramsNotFound(() => notFound('Post')),
      schema: {
        tags: ['blog'],
        summary: 'Other published posts: same category and shared tags first, then the newest',
        params: BlogIdOrSlugParamsSchema,
        querystring: BlogRelatedQuerySchema,
        response: { 200: dataEnvelope(z.array(BlogPostSummarySchema)), ...errors },
      },
    },
    async (request) => ({ data: await relatedPosts(app.db, request.params.id, request.query.limit, app.clock.now()) }),
  );

  app.get(
    '/blogs/categories',
    {
      schema: {
        tags: ['blog'],
        summary: 'Active blog categories with the number of published posts in each',
        response: { 200: dataEnvelope(z.array(BlogCategorySchema)) },
      },
    },
    async () => ({ data: await listPublicCategories(app.db, app.clock.now()) }),
  );

  app.get(
    '/blogs/categories/:id',
    {
      ...paramsNotFound(() => notFound('Category')),
      schema: {
        tags: ['blog'],
        summary: 'One active blog category by id or slug',
        params: BlogIdOrSlugParamsSchema,
        response: { 200: dataEnvelope(BlogCategorySchema), ...errors },
      },
    },
    async (request) => ({ data: await getPublicCategory(app.db, request.params.id, app.clock.now()) }),
  );
};
