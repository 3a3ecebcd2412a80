import {
  faqCategories,
  inquiryContentMax,
  inquiryImageMaxBytes,
  inquiryImagesMax,
  inquiryNicknameMax,
  inquiryTitleMax,
  isInquiryEmail,
  type FaqCategory,
} from '@orchard/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { ImagePicker } from '../../../components/ui/image-picker.tsx';
import { TextBox } from '../../../components/ui/text-box.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/primitives.tsx';
import { ApiError } from '../../../lib/http.ts';
import { apiErrorMessage } from '../../../lib/i18n.ts';
import { useSendInquiry } from '../api/send-inquiry.ts';
import './support.css';

const isCategory = (value: string | null): value is FaqCategory => (faqCategories as readonly string[]).includes(value ?? '');
const positiveInteger = (value: string | null) => (value !== null && /^[1-9][0-9]{0,9}$/.test(value) ? value : undefined);

/**
 * The inquiry form (docs/product.md#inquiries): nickname, email, category, title, content and up to
 * five images of 20 MB each, checked here before anything is sent (the spec's two texts); a
 * confirmation, the upload's progress, then the notice naming the email the answer goes to.
 * Opened from a project's policy tab (`?projectId=`) or a points history entry
 * (`?transactionId=`), the inquiry carries that link.
 */
export function InquiryForm({
  accountNickname,
  accountEmail,
}: {
  /** The account's nickname, which the form starts with. */
  accountNickname: string | null;
  /** The account's email, which the form starts with. */
  accountEmail: string | null;
}) {
  const { t } = useTranslation(['support', 'common']);
  const [search] = useSearchParams();
  const projectId = positiveInteger(search.get('projectId'));
  const transactionId = positiveInteger(search.get('transactionId'));
  const initialCategory = search.get('category');
  const [nickname, setNickname] = useState('');
  const [email, setEmail] = useState('');
  const [emailTouched, setEmailTouched] = useState(false);
  const [category, setCategory] = useState<FaqCategory>(isCategory(initialCategory) ? initialCategory : transactionId || projectId ? 'FAQC002' : 'FAQC001');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [images, setImages] = useState<File[]>([]);
  const [imageMessage, setImageMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useSendInquiry(setProgress);
  const ids = { email: useId(), category: useId() };

  // The nickname and email start as the account's; the fan may change them.
  useEffect(() => {
    if (accountNickname) setNickname((current) => current || accountNickname);
  }, [accountNickname]);
  useEffect(() => {
    if (accountEmail) setEmail((current) => current || accountEmail);
  }, [accountEmail]);

  const emailValid = isInquiryEmail(email.trim());
  const complete = nickname.trim().length > 0 && emailValid && title.trim().length > 0 && content.trim().length > 0;

  const addImages = (chosen: File[]) => {
    setImageMessage(null);
    if (chosen.some((file) => file.size > inquiryImageMaxBytes)) {
      setImageMessage(t('form.imageTooLarge'));
      return;
    }
    if (images.length + chosen.length > inquiryImagesMax) {
      setImageMessage(t('form.tooManyImages'));
      return;
    }
    setImages([...images, ...chosen]);
  };

  const submit = () => {
    setConfirming(false);
    setProgress(0);
    const to = email.trim();
    send.mutate(
      {
        nickname: nickname.trim(),
        email: to,
        category,
        title: title.trim(),
        content: content.trim(),
        projectId: projectId === undefined ? undefined : Number(projectId),
        transactionId,
        images,
      },
      // The form's own notice says it was sent (and where the answer goes): no toast besides.
      { onSuccess: () => setSentTo(to) },
    );
  };

  if (sentTo !== null) {
    return (
      <div className="stack inquiry-sent" role="status">
        <p className="notice">{t('form.sent', { email: sentTo })}</p>
        <Link to={paths.customerSupport} className="button button--primary button--block">
          {t('form.toSupport')}
        </Link>
      </div>
    );
  }

  const sendError = send.error instanceof ApiError && i18nHas(t, `errors.${send.error.code}`) ? t(`errors.${send.error.code}`) : send.isError ? apiErrorMessage(t, send.error) : null;

  return (
    <form
      className="stack inquiry-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setEmailTouched(true);
        if (complete && !send.isPending) setConfirming(true);
      }}
    >
      <p className="page-lead">{t('form.lead')}</p>
      {projectId ? <p className="notice">{t('form.aboutProject', { id: projectId })}</p> : null}
      {transactionId ? <p className="notice">{t('form.aboutTransaction', { id: transactionId })}</p> : null}
      <TextBox label={t('form.nickname')} value={nickname} maxLength={inquiryNicknameMax} autoComplete="nickname" onChange={setNickname} />
      <div className="stack stack--tight">
        <label htmlFor={ids.email} className="field-label">
          {t('form.email')}
        </label>
        <input
          id={ids.email}
          className="text-field"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          aria-invalid={emailTouched && !emailValid}
          aria-describedby={`${ids.email}-message`}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setEmailTouched(true)}
        />
        <p id={`${ids.email}-message`} className={`form-message ${emailValid ? 'form-message--ok' : emailTouched ? 'form-message--error' : ''}`} aria-live="polite">
          {email.length === 0 && !emailTouched ? t('form.emailHint') : emailValid ? t('form.emailValid') : t('form.emailInvalid')}
        </p>
      </div>
      <div className="stack stack--tight">
        <label htmlFor={ids.category} className="field-label">
          {t('form.category')}
        </label>
        <select id={ids.category} className="text-field" value={category} onChange={(event) => setCategory(event.target.value as FaqCategory)}>
          {faqCategories.map((code) => (
            <option key={code} value={code}>
              {t(`categories.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <TextBox label={t('form.title')} value={title} maxLength={inquiryTitleMax} onChange={setTitle} />
      <TextBox
        label={t('form.content')}
        multiline
        rows={6}
        fieldClassName="inquiry-form__content"
        maxLength={inquiryContentMax}
        value={content}
        onChange={setContent}
        counter={t('form.counter', { count: content.length, max: inquiryContentMax })}
      />
      <div className="stack stack--tight">
        <span className="field-label">{t('form.images')}</span>
        <p className="form-hint">{t('form.imagesHint', { max: inquiryImagesMax })}</p>
        <ImagePicker
          files={images}
          columns={5}
          testId="inquiry-images"
          texts={{
            choose: t('form.addImages', { count: images.length, max: inquiryImagesMax }),
            list: t('form.chosenImages'),
            altOf: (number) => t('form.imageAlt', { number }),
            removeLabelOf: (number) => t('form.removeImage', { number }),
          }}
          disabled={send.isPending}
          onRemove={(index) => setImages((current) => current.filter((_, i) => i !== index))}
          onChoose={addImages}
        />
        {imageMessage ? (
          <p className="form-message form-message--error" role="alert">
            {imageMessage}
          </p>
        ) : null}
      </div>
      {send.isPending ? (
        <div className="inquiry-form__progress">
          <progress max={100} value={Math.round(progress * 100)} aria-label={t('form.uploading')} />
          <span className="form-hint">{progress >= 1 ? t('form.processing') : t('form.progress', { percent: Math.round(progress * 100) })}</span>
        </div>
      ) : null}
      {sendError ? (
        <p className="notice notice--error" role="alert">
          {sendError}
        </p>
      ) : null}
      <Button type="submit" disabled={!complete || send.isPending}>
        {send.isPending ? t('form.sending') : t('form.submit')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('form.confirmTitle')}
        message={<p>{t('form.confirmBody', { email: email.trim() })}</p>}
        confirmLabel={t('form.confirm')}
        cancelLabel={t('common:actions.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={submit}
      />
    </form>
  );
}

function i18nHas(t: (key: string, options?: { defaultValue: string }) => string, key: string) {
  return t(key, { defaultValue: '' }) !== '';
}
