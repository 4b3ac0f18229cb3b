/**
 * Stylelint: the standard config, tuned for this project's CSS modules. Class names in
 * `*.module.css` are read from TypeScript as `styles.someName`, so camelCase is the
 * convention there; globals.css keeps kebab-case. Either spelling passes the class-name rule.
 */
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    // Off: it asks for `.button:disabled` before `.button:hover:not(:disabled)` and the like, which
    // reads worse and changes nothing (the selectors never match the same element in conflict).
    'no-descending-specificity': null,
    'selector-class-pattern': [
      '^[a-z][a-zA-Z0-9]*(-[a-z0-9]+)*$',
      { message: (selector) => `Class "${selector}" should be kebab-case (globals) or camelCase (CSS modules)` },
    ],
    // CSS modules' :global(...) and composes.
    'selector-pseudo-class-no-unknown': [true, { ignorePseudoClasses: ['global', 'local'] }],
    'property-no-unknown': [true, { ignoreProperties: ['composes'] }],
  },
};
