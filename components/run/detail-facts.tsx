import styles from './run-document.module.css';

/** A row of label / value pairs; the third item, when given, is the value's test id. */
export type Fact = readonly [label: string, value: string, testId?: string];

/** The numbers of a call at a glance (status, model, tokens, cost, timings), as a definition list. */
export function DetailFacts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl className={styles.facts}>
      {facts.map(([label, value, testId]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
