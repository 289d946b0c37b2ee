/**
 * The plain-text part of every order mail (decision 032): a Handlebars template over the same view
 * as the HTML part (order-mail-render.ts `OrderMailView`), compiled once without HTML escaping.
 * Like the HTML, it holds no words: they come from src/shared/order-mail-strings.ts. A line with
 * only a block tag (`{{#if}}`, `{{/each}}`) leaves nothing behind, so each paragraph ends in one
 * blank line.
 */
export const ORDER_MAIL_TEXT = `{{#if greeting}}
{{greeting}}

{{/if}}
{{intro}}
{{#each details}}
{{this}}
{{/each}}
{{#if track}}
{{track.text}} {{track.href}}
{{/if}}

{{#if link}}
{{link.text}} {{link.href}}

{{/if}}
{{s.summaryHeading}}:
{{#each lines}}
- {{quantity}} × {{name}}{{#if options}} ({{options}}){{/if}} — {{total}}
{{/each}}

{{#each totals}}
{{label}}: {{value}}
{{/each}}
{{total.label}}: {{total.value}}
{{#if payment}}
{{payment.line}}
{{#if payment.instructions}}
{{payment.instructions}}
{{/if}}
{{/if}}

{{#if vatLine}}
{{vatLine}}

{{/if}}
{{#if delivery}}
{{s.deliverTo}}:
{{#each delivery}}
{{this}}
{{/each}}

{{/if}}
{{#if signs}}
{{shop.name}}
{{#if contactLine}}
{{contactLine}}
{{/if}}
{{/if}}
`;
