export { Listbox, type ListboxProps } from './Listbox';
