import { useTranslation } from 'react-i18next';

/** The numbered steps of a multi-step flow, as the flow's frame shows them before it starts. */
export function StepList({ namespace, steps }: { namespace: 'requestFunding' | 'createProject'; steps: readonly string[] }) {
  const { t } = useTranslation(namespace);
  return (
    <ol className="step-list">
      {steps.map((step, index) => (
        <li key={step} className={`step-list__item${index === 0 ? ' step-list__item--current' : ''}`} aria-current={index === 0 ? 'step' : undefined}>
          <span className="step-list__number" aria-hidden="true">
            {index + 1}
          </span>
          <span>{t(`steps.${step}`)}</span>
        </li>
      ))}
    </ol>
  );
}
