// Entry of Monaco's JSON language worker (validation and folding of project.json).
import 'monaco-editor/languages/features/json/json.worker.js';
