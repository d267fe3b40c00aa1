import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { createBridge } from './bridge';

// Sandboxed, so this file may only require 'electron'; the bundle inlines the rest.
// Dropped files: since Electron 32 a File's path is only known to the preload.
contextBridge.exposeInMainWorld('muster', createBridge(ipcRenderer, (file) => webUtils.getPathForFile(file)));
