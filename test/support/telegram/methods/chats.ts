/** getChat and getChatMember, for private chats and for groups (a supergroup only from inside). */
import { badRequest } from '../api-error.js';
import type { MethodHandler } from '../core.js';
import { apiChat, botAsUser } from '../message-view.js';
import { optInt } from '../params.js';
import { botMember, memberObject } from '../state/groups.js';
import { readableChat } from './common.js';

export const getChat: MethodHandler = (core, { params }) => {
  const chat = readableChat(core, params);
  return { ...apiChat(chat), accent_color_id: 0, max_reaction_count: 11 };
};

/**
 * A group's members by their status there (creator, administrator, member, left, kicked); any other
 * user the bot knows is 'left'; a user id the bot never met -> 400 "user not found".
 */
export const getChatMember: MethodHandler = (core, { params }) => {
  const chat = readableChat(core, params);
  const userId = optInt(params, 'user_id');
  if (userId === undefined || userId <= 0) throw badRequest('invalid user_id specified');
  if (userId === core.botUser.id) {
    return chat.kind === 'private'
      ? memberObject(botAsUser(core), 'member')
      : botMember(core.botUser, chat.group.bot);
  }
  if (chat.kind === 'private') {
    if (userId !== chat.user.id) throw badRequest('user not found');
    return memberObject(chat.user, 'member');
  }
  const member = chat.group.members.get(userId);
  if (member) return memberObject(member.user, member.status);
  const known = core.chats.privateChat(userId);
  if (!known) throw badRequest('user not found');
  return memberObject(known.user, 'left');
};
