'use client';

import { useRunStore, selectEffectiveModel, selectUnlistedModelReason } from '@/lib/state/run/run-store';
import { useSettingsStore } from '@/lib/state/settings/settings-store';
import styles from './run.module.css';

/** Models from GET /api/models by provider; the demo is marked scripted, keyless providers say so. */
export function ModelPicker() {
  const models = useRunStore((state) => state.models);
  const modelsError = useRunStore((state) => state.modelsError);
  const model = useRunStore(selectEffectiveModel);
  const chooseModel = useRunStore((state) => state.chooseModel);
  const apiKeys = useSettingsStore((state) => state.apiKeys);
  const openSettings = useSettingsStore((state) => state.openSettings);
  const providers = [...new Set(models.map((option) => option.provider))];
  const selected = models.find((option) => option.id === model);
  const unlistedReason = useRunStore(selectUnlistedModelReason);
  const missingKey = selected !== undefined && selected.needsUserKey && apiKeys[selected.provider] === undefined;

  return (
    <div>
      <label className={styles.label} htmlFor="run-model">
        Model
      </label>
      <select id="run-model" className={styles.select} data-testid="model-select" value={model} onChange={(event) => chooseModel(event.target.value)}>
        {selected === undefined ? <option value={model}>{`${model} (${unlistedReason})`}</option> : null}
        {providers.map((provider) => (
          <optgroup key={provider} label={provider}>
            {models
              .filter((option) => option.provider === provider)
              .map((option) => {
                const needsKey = option.needsUserKey && apiKeys[option.provider] === undefined;
                const marks = [option.scripted ? 'scripted' : null, needsKey ? 'needs your key' : null].filter((mark) => mark !== null);
                return (
                  <option key={option.id} value={option.id}>
                    {option.id}
                    {marks.length > 0 ? ` — ${marks.join(', ')}` : ''}
                  </option>
                );
              })}
          </optgroup>
        ))}
      </select>
      {selected?.scripted ? <p className={styles.hint}>{selected.label}: answers are scripted, not generated.</p> : null}
      {missingKey ? (
        <p className={styles.hint}>
          The server has no {selected.provider} key.{' '}
          <button type="button" className={styles.linkButton} onClick={openSettings}>
            Add your own key in Settings
          </button>
        </p>
      ) : null}
      {modelsError === null ? null : <p className={styles.error}>{modelsError}</p>}
    </div>
  );
}
