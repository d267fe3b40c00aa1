import { contextBridge, ipcRenderer } from 'electron';
import { createBridge } from './bridge';

// Sandboxed, so this file may only require 'electron'; the bundle inlines the rest.
contextBridge.exposeInMainWorld('muster', createBridge(ipcRenderer));
