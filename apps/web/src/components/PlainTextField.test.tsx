/**
 * The sign-in page's text field (decision 101) draws what MUI's TextField draws for a plain outlined input:
 * a label tied to its input, the notch's legend, and the message under the field tied to the input while
 * there is one. Rendered to markup.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlainTextField } from './PlainTextField.tsx';

const field = (error?: string) =>
  renderToStaticMarkup(
    <PlainTextField
      label="Email"
      name="email"
      type="email"
      value="ann@example"
      onChange={() => {}}
      error={error}
      testId="the-input"
    />,
  );

const input = (html: string) => html.match(/<input[^>]*>/)?.[0] ?? '';

describe('PlainTextField', () => {
  it('ties its label to its input and shows no message while valid', () => {
    const html = field();
    const id = input(html).match(/ id="([^"]+)"/)?.[1];
    expect(id).toBeTruthy();
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Email`));
    expect(input(html)).toContain('data-testid="the-input"');
    expect(input(html)).toContain('type="email"');
    expect(input(html)).toContain('name="email"');
    expect(input(html)).toContain('value="ann@example"');
    expect(input(html)).toContain('aria-invalid="false"');
    expect(input(html)).not.toContain('aria-describedby');
    // The outline's notch holds the label's text, as TextField's does.
    expect(html).toMatch(/<legend[^>]*><span>Email<\/span><\/legend>/);
    expect(html).not.toMatch(/class="[^"]*Mui-error/);
  });

  it('shows its message under the field, tied to the input and marked as an error', () => {
    const html = field('Email must be valid.');
    const describedBy = input(html).match(/aria-describedby="([^"]+)"/)?.[1];
    expect(describedBy).toBeTruthy();
    expect(input(html)).toContain('aria-invalid="true"');
    expect(html).toMatch(new RegExp(`<p[^>]*id="${describedBy}"[^>]*>Email must be valid.</p>`));
    expect(html).toMatch(/class="[^"]*Mui-error/);
  });
});
