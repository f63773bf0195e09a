// What a view renders of one API answer: the resource machine's view model (machines/resource/). Kept here
// for the views that import the type from the app.
export type { Resource } from '../../../machines/resource/viewModel';
