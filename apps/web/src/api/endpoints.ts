/** The protocol endpoints the web app calls, so screens write `call(endpoints.login, body)`. */
export { checkChatNo, getCaptcha, getMyInfo, login, logout, register } from '@paichat/protocol';
