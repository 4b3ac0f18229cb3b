/**
 * The parts of Monaco the IDE uses, instead of `monaco-editor`'s whole entry (editor.main): its
 * API and core, the editing features a person expects of a code editor, syntax colouring for the
 * languages `language-for-path.ts` names, and JSON's validation (with its worker, monaco-environment.ts).
 * Left out, because nothing here provides them or they need a worker we do not start: inline
 * completions, code lenses, inlay hints, colour pickers, rename, parameter hints, go to
 * definition and references, symbol outlines, semantic tokens, sticky scroll, linked editing,
 * the GPU renderer's actions, the language client, and TypeScript's, CSS's and HTML's language
 * services. That is about an eighth of Monaco's code, which every first visit evaluates before
 * the editor shows, and fewer contributions set up in each editor created.
 */
export * from 'monaco-editor/editor/editor.api.js';
export * as json from 'monaco-editor/languages/features/json/register.js';

// Syntax colouring (each loads its grammar when a file of its language is first opened).
import 'monaco-editor/languages/definitions/markdown/register.js';
import 'monaco-editor/languages/definitions/yaml/register.js';
import 'monaco-editor/languages/definitions/typescript/register.js';
import 'monaco-editor/languages/definitions/javascript/register.js';
import 'monaco-editor/languages/definitions/css/register.js';
import 'monaco-editor/languages/definitions/html/register.js';
import 'monaco-editor/languages/definitions/python/register.js';

// Editing features, as editor.main registers them, less those named above.
import 'monaco-editor/features/anchorSelect/register.js';
import 'monaco-editor/features/bracketMatching/register.js';
import 'monaco-editor/features/caretOperations/register.js';
import 'monaco-editor/features/clipboard/register.js';
import 'monaco-editor/features/codeAction/register.js';
import 'monaco-editor/features/codeEditor/register.js';
import 'monaco-editor/features/codicon/register.js';
import 'monaco-editor/features/comment/register.js';
import 'monaco-editor/features/contextmenu/register.js';
import 'monaco-editor/features/cursorUndo/register.js';
import 'monaco-editor/features/diffEditor/register.js';
import 'monaco-editor/features/diffEditorBreadcrumbs/register.js';
import 'monaco-editor/features/dnd/register.js';
import 'monaco-editor/features/dropOrPasteInto/register.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/features/folding/register.js';
import 'monaco-editor/features/fontZoom/register.js';
import 'monaco-editor/features/format/register.js';
import 'monaco-editor/features/gotoError/register.js';
import 'monaco-editor/features/gotoLine/register.js';
import 'monaco-editor/features/hover/register.js';
import 'monaco-editor/features/indentation/register.js';
import 'monaco-editor/features/inPlaceReplace/register.js';
import 'monaco-editor/features/insertFinalNewLine/register.js';
import 'monaco-editor/features/lineSelection/register.js';
import 'monaco-editor/features/linesOperations/register.js';
import 'monaco-editor/features/links/register.js';
import 'monaco-editor/features/longLinesHelper/register.js';
import 'monaco-editor/features/multicursor/register.js';
import 'monaco-editor/features/placeholderText/register.js';
import 'monaco-editor/features/quickCommand/register.js';
import 'monaco-editor/features/quickHelp/register.js';
import 'monaco-editor/features/readOnlyMessage/register.js';
import 'monaco-editor/features/smartSelect/register.js';
import 'monaco-editor/features/snippet/register.js';
import 'monaco-editor/features/toggleTabFocusMode/register.js';
import 'monaco-editor/features/tokenization/register.js';
import 'monaco-editor/features/unicodeHighlighter/register.js';
import 'monaco-editor/features/unusualLineTerminators/register.js';
import 'monaco-editor/features/wordHighlighter/register.js';
import 'monaco-editor/features/wordOperations/register.js';
import 'monaco-editor/features/wordPartOperations/register.js';

// What editor.main registers outside its feature list: the core commands, suggestions, find's controller, the marker status.
import 'monaco-editor/editor/browser/coreCommands.js';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations.js';
import 'monaco-editor/editor/contrib/dropOrPasteInto/browser/copyPasteContribution.js';
import 'monaco-editor/editor/contrib/find/browser/findController.js';
import 'monaco-editor/editor/contrib/gotoError/browser/markerSelectionStatus.js';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/common/standaloneStrings.js';

// JSON's language features start their worker through a module that brings every feature of Monaco
// (internal/common/workers.js): once a JSON file has been open, the features left out above are
// registered too, after Monaco's services have started, and each editor created from then on sets
// them up. The services of their own that they ask for are registered here, before the first
// editor, so such an editor still starts (without them: "depends on UNKNOWN service ICodeLensCache").
import 'monaco-editor/editor/contrib/codelens/browser/codeLensCache.js';
import 'monaco-editor/editor/contrib/inlayHints/browser/inlayHintsController.js';
import 'monaco-editor/editor/contrib/gotoSymbol/browser/symbolNavigation.js';
import 'monaco-editor/editor/contrib/documentSymbols/browser/outlineModel.js';
