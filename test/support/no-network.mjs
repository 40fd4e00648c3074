// Loaded with `node --import` into a child process: every way out to the network throws, so a module that would fetch
// a model or data file at run time fails loudly instead of quietly reaching a server.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

const refuse = (what) => () => {
  throw new Error(`network access refused in this process: ${what}`);
};
globalThis.fetch = refuse('fetch');
net.Socket.prototype.connect = refuse('net.Socket.connect');
http.request = refuse('http.request');
http.get = refuse('http.get');
https.request = refuse('https.request');
https.get = refuse('https.get');
dns.lookup = refuse('dns.lookup');
