/**
 * `/cms/email-templates/{id}/{lang}/edit` and `/super/default-email-templates/{id}/{lang}/edit`: one
 * template in one language. The subject, the visual editor, the placeholders of the kind (a click puts
 * one at the subject's caret, or copies it for the editor), a live preview on real records, and the local draft (spec 02: localStorage, key
 * prefixed by the template id; "Failed to save localStorage." when the browser refuses).
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  LANGUAGE_NAMES,
  previewRecordType,
  TEMPLATE_LANGUAGE_LIST as TEMPLATE_LANGUAGES,
  templateKind,
} from '@rentloop/domain/template-kinds';
import type { Template } from '@rentloop/domain/templates';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCurrentCompany } from '../../app/current-company.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useCrumbLabel } from '../../components/crumb-labels.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatDateTime } from '../../utils/dates.ts';
import { notify } from '../../utils/notify.ts';
import { clearDraft, draftKey, draftToOffer, readDraft, type TemplateDraft, writeDraft } from './draft.ts';
import {
  type TemplateScope,
  usePreviewTemplate,
  useResetTemplate,
  useSaveTemplate,
  useTemplate,
} from './hooks.ts';
import { PlaceholderList } from './PlaceholderList.tsx';
import { PreviewPane } from './PreviewPane.tsx';
import type { PickedRecord } from './RecordPicker.tsx';
import { editorPath } from './TemplatesPage.tsx';
import { templatesIds } from './testids.ts';
import { VisualEditor, type VisualEditorHandle } from './VisualEditor.tsx';

interface Content {
  subject: string;
  html_raw: string;
  css_raw: string;
}

export function TemplateEditorPage({ scope }: { scope: TemplateScope }) {
  const params = useParams();
  const id = params.id ?? '';
  const lang = (TEMPLATE_LANGUAGES as readonly string[]).includes(params.lang ?? '')
    ? (params.lang as TemplateLanguage)
    : 'en';
  const kind = templateKind(id);
  const template = useTemplate(scope, id, lang);
  const listPath = scope === 'company' ? '/cms/email-templates' : '/super/default-email-templates';
  // The breadcrumb names the template by its title ("Order confirmation · English"), not its id.
  useCrumbLabel(kind ? `${kind.name} · ${LANGUAGE_NAMES[lang]}` : undefined);

  if (!kind) return <Alert severity="error">No such template.</Alert>;
  return (
    <div data-testid={templatesIds.editor}>
      <PageHeader
        title={`${kind.name} · ${LANGUAGE_NAMES[lang]}`}
        subtitle={kind.description}
        actions={
          <Button component={Link} to={listPath} startIcon={<ArrowBack />}>
            All templates
          </Button>
        }
      />
      {template.isError && <Alert severity="error">{MESSAGES.templateFetchFailed}</Alert>}
      {template.isPending && <Skeleton variant="rectangular" height={620} />}
      {template.data && (
        // Remounted per language, and when another text applies (the company's own, the default, the
        // shipped one): the editor starts from what was loaded.
        <Editor
          key={`${id}/${lang}/${template.data.id}/${template.data.updated_by_name ? 'changed' : 'shipped'}`}
          scope={scope}
          id={id}
          lang={lang}
          template={template.data}
        />
      )}
    </div>
  );
}

function Editor({
  scope,
  id,
  lang,
  template,
}: {
  scope: TemplateScope;
  id: string;
  lang: TemplateLanguage;
  template: Template;
}) {
  const kind = templateKind(id)!;
  const navigate = useNavigate();
  const { flags } = useCurrentCompany();
  const mayEdit = scope === 'default' || flags.isOwner || flags.isAdmin || flags.isSuper || flags.isSupport;
  const editor = useRef<VisualEditorHandle>(null);
  const subjectRef = useRef<HTMLInputElement>(null);
  const lastFocus = useRef<'subject' | 'canvas'>('canvas');
  const key = draftKey(id, lang, scope);
  const [content, setContent] = useState<Content>({
    subject: template.subject,
    html_raw: template.html_raw,
    css_raw: template.css_raw,
  });
  const [base, setBase] = useState(template.updated_at);
  const [offer, setOffer] = useState<TemplateDraft | null>(() => draftToOffer(readDraft(key), template));
  const [tab, setTab] = useState<'design' | 'preview'>('design');
  const [confirmReset, setConfirmReset] = useState(false);
  const storageFailed = useRef(false);
  const dirty = useRef(false);
  const save = useSaveTemplate(scope, id, lang);
  const reset = useResetTemplate(scope, id, lang);
  const preview = usePreviewTemplate(scope, id);
  // The record the preview is filled from: a company's records only (operators' defaults have none).
  const recordType = scope === 'default' ? null : previewRecordType(kind);
  const [picked, setPicked] = useState<PickedRecord | null>(null);

  const change = (next: Partial<Content>) => {
    setContent((c) => {
      const merged = { ...c, ...next };
      dirty.current = true;
      const ok = writeDraft(key, { ...merged, base, saved_at: new Date().toISOString() });
      if (!ok && !storageFailed.current) {
        storageFailed.current = true;
        notify.error(MESSAGES.localStorageSaveFailed);
      }
      return merged;
    });
  };

  // The preview follows the content while it is open (a second after the last change).
  useEffect(() => {
    if (tab !== 'preview') return;
    const t = setTimeout(() => preview.mutate({ lang, ...content, record_id: picked?.id }), 400);
    return () => clearTimeout(t);
  }, [tab, content, lang, picked, preview.mutate]);

  const onSave = () =>
    save.mutate(content, {
      onSuccess: ({ template: saved, message }) => {
        notify.success(message || MESSAGES.templateSaved);
        clearDraft(key);
        dirty.current = false;
        if (saved) setBase(saved.updated_at);
      },
      onError: (e) =>
        notify.error(
          e instanceof ApiError && e.errors
            ? Object.values(e.errors).flat().join(' ')
            : MESSAGES.templateSaveFailed,
        ),
    });

  const onReset = () =>
    reset.mutate(undefined, {
      onSuccess: ({ message }) => {
        notify.success(message || MESSAGES.templateDeleted);
        clearDraft(key);
        setConfirmReset(false);
      },
      onError: () => {
        notify.error(MESSAGES.templateDeleteFailed);
        setConfirmReset(false);
      },
    });

  const insert = (placeholder: string) => {
    const text = `{{${placeholder}}}`;
    if (lastFocus.current === 'subject' && subjectRef.current) {
      const input = subjectRef.current;
      const at = input.selectionStart ?? input.value.length;
      change({ subject: `${input.value.slice(0, at)}${text}${input.value.slice(input.selectionEnd ?? at)}` });
      return;
    }
    // In the canvas (another document, with its own undo history) a placeholder is pasted like any text.
    void navigator.clipboard?.writeText(text).catch(() => undefined);
    notify.success(`Copied ${text}: paste it into a text of the editor.`);
  };

  const own = !template.is_default;
  const resetLabel = scope === 'company' ? 'Use the default' : 'Restore the shipped text';

  return (
    <Stack spacing={2}>
      {offer && (
        <Alert
          severity="info"
          data-testid={templatesIds.draftAlert}
          action={
            <Stack direction="row" spacing={1}>
              <Button
                color="inherit"
                size="small"
                data-testid={templatesIds.restoreDraft}
                onClick={() => {
                  setContent({ subject: offer.subject, html_raw: offer.html_raw, css_raw: offer.css_raw });
                  editor.current?.load(offer);
                  dirty.current = true;
                  setOffer(null);
                }}
              >
                Restore
              </Button>
              <Button
                color="inherit"
                size="small"
                data-testid={templatesIds.discardDraft}
                onClick={() => {
                  clearDraft(key);
                  setOffer(null);
                }}
              >
                Discard
              </Button>
            </Stack>
          }
        >
          You have an unsaved draft of this template from {formatDateTime(offer.saved_at)}.
        </Alert>
      )}
      {!mayEdit && (
        <Alert severity="info">Only admins of the company change its templates; you can read them.</Alert>
      )}
      <Card>
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            <TextField
              select
              label="Language"
              value={lang}
              onChange={(e) => navigate(editorPath(scope, id, e.target.value))}
              sx={{ minWidth: 160 }}
              slotProps={{ htmlInput: { 'data-testid': templatesIds.language } }}
            >
              {TEMPLATE_LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {LANGUAGE_NAMES[l]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Subject"
              value={content.subject}
              onChange={(e) => change({ subject: e.target.value })}
              onFocus={() => {
                lastFocus.current = 'subject';
              }}
              onBlur={() => {
                lastFocus.current = 'canvas';
              }}
              fullWidth
              disabled={!mayEdit}
              inputRef={subjectRef}
              slotProps={{ htmlInput: { 'data-testid': templatesIds.subject, maxLength: 200 } }}
            />
            <Chip
              data-testid={templatesIds.origin}
              label={
                scope === 'company'
                  ? own
                    ? 'Own text'
                    : 'Default text'
                  : template.updated_by_name
                    ? `Changed by ${template.updated_by_name}`
                    : 'Shipped text'
              }
              color={own || template.updated_by_name ? 'primary' : 'default'}
            />
          </Stack>
        </CardContent>
      </Card>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label="Editor views">
        <Tab value="design" label="Design" data-testid={templatesIds.designTab} />
        <Tab value="preview" label="Preview" data-testid={templatesIds.previewTab} />
      </Tabs>
      <Box
        sx={{
          display: tab === 'design' ? 'flex' : 'none',
          gap: 2,
          flexDirection: { xs: 'column', lg: 'row' },
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <VisualEditor
            ref={editor}
            html={template.html_raw}
            css={template.css_raw}
            readOnly={!mayEdit}
            onChange={(c) => change(c)}
          />
        </Box>
        <PlaceholderList placeholders={kind.placeholders} onPick={insert} disabled={!mayEdit} />
      </Box>
      {tab === 'preview' && (
        <PreviewPane
          preview={preview.data}
          pending={preview.isPending}
          failed={preview.isError}
          recordType={recordType}
          picked={picked}
          onPickRecord={setPicked}
        />
      )}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        {(own || (scope === 'default' && template.updated_by_name)) && mayEdit && (
          <Button color="error" data-testid={templatesIds.reset} onClick={() => setConfirmReset(true)}>
            {resetLabel}
          </Button>
        )}
        <Button
          variant="contained"
          data-testid={templatesIds.save}
          disabled={!mayEdit || save.isPending}
          onClick={onSave}
        >
          Save
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirmReset}
        title={`${resetLabel}?`}
        confirmLabel={resetLabel}
        busy={reset.isPending}
        onConfirm={onReset}
        onClose={() => setConfirmReset(false)}
      >
        {scope === 'company'
          ? `Your own ${LANGUAGE_NAMES[lang]} text is deleted; your mails in ${LANGUAGE_NAMES[lang]} use the default again.`
          : 'The operators’ text is deleted; every company without its own text gets the text Rentloop ships.'}
      </ConfirmDialog>
    </Stack>
  );
}

export const CompanyTemplateEditorPage = () => <TemplateEditorPage scope="company" />;
export const DefaultTemplateEditorPage = () => <TemplateEditorPage scope="default" />;
