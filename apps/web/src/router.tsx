/**
 * The route table: the one place that names the spec's paths (section 2). Hash mode, base '/'.
 * Route parameters arrive as query values (`wx/chatWindow/index?userId=…`); paths match
 * case-sensitively, exactly as the spec spells them (`editNikeName`, `QRcode`, …).
 *
 * Screens do not know paths: the table hands each the URLs it links to.
 */
import type { RouteObject } from 'react-router';
import { createHashRouter } from 'react-router';
import {
  CompassOutline,
  MessageFill,
  MessageOutline,
  PhonebookFill,
  PhonebookOutline,
  UserCircleOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { Navigator, type RouteIndex } from './nav';
import { HOME, normalizeUrl } from './nav/rules';
import { TabLayout } from './components/TabLayout';
import type { TabDef } from './components/TabBar';
import { RedirectIfSignedIn, RequireAuth } from './components/routeGuards';
import { LoginScreen } from './screens/auth/LoginScreen';
import { PiLoginScreen } from './screens/auth/PiLoginScreen';
import { RegisterScreen } from './screens/auth/RegisterScreen';
import { DetectScreen } from './screens/detect/DetectScreen';
import { ChatListScreen } from './screens/messages/ChatListScreen';
import { ChatWindowScreen } from './screens/chat/ChatWindowScreen';
import { ContactsScreen } from './screens/contacts/ContactsScreen';
import { SearchScreen } from './screens/friends/SearchScreen';
import { NewFriendsScreen } from './screens/friends/NewFriendsScreen';
import { FriendRequestScreen } from './screens/friends/FriendRequestScreen';
import { AddFriendDetailScreen } from './screens/friends/AddFriendDetailScreen';
import { ContactInfoScreen } from './screens/friends/ContactInfoScreen';
import { ProfileSettingsScreen } from './screens/friends/ProfileSettingsScreen';
import { SetRemarkScreen } from './screens/friends/SetRemarkScreen';
import { DiscoverScreen } from './screens/discover/DiscoverScreen';
import { MeScreen } from './screens/me/MeScreen';
import { LanguageScreen } from './screens/me/LanguageScreen';
import { SettingsScreen } from './screens/me/SettingsScreen';
import { AccountsScreen } from './screens/me/AccountsScreen';
import { PersonalInfoScreen } from './screens/profile/PersonalInfoScreen';
import { EditNickNameScreen } from './screens/profile/EditNickNameScreen';
import { EditChatNoScreen } from './screens/profile/EditChatNoScreen';
import { EditIntroScreen } from './screens/profile/EditIntroScreen';
import { EditGenderScreen } from './screens/profile/EditGenderScreen';
import { EditAddressScreen } from './screens/profile/EditAddressScreen';
import { EditPasswordScreen } from './screens/profile/EditPasswordScreen';
import { QrCodeScreen } from './screens/profile/QrCodeScreen';
import { CreateGroupScreen } from './screens/groups/CreateGroupScreen';
import { GroupListScreen } from './screens/groups/GroupListScreen';
import { ChatInfoScreen } from './screens/groups/ChatInfoScreen';
import { AddMembersScreen } from './screens/groups/AddMembersScreen';
import { ChatMembersScreen } from './screens/groups/ChatMembersScreen';
import { EditGroupNameScreen } from './screens/groups/EditGroupNameScreen';
import { EditGroupNoticeScreen } from './screens/groups/EditGroupNoticeScreen';
import { GroupQrCodeScreen } from './screens/groups/GroupQrCodeScreen';
import { ScanCodeDetailScreen } from './screens/groups/ScanCodeDetailScreen';
import { AgreementScreen } from './screens/agreement/AgreementScreen';
import { MomentsScreen } from './screens/moments/MomentsScreen';
import { PostMomentScreen } from './screens/moments/PostMomentScreen';
import { AlbumScreen } from './screens/moments/AlbumScreen';
import { MomentDetailScreen } from './screens/moments/MomentDetailScreen';
import { InteractionsScreen } from './screens/moments/InteractionsScreen';
import { AddFavoriteScreen } from './screens/favorites/AddFavoriteScreen';
import { FavoritesScreen } from './screens/favorites/FavoritesScreen';
import { FeedbackScreen } from './screens/feedback/FeedbackScreen';
import { NearbyScreen } from './screens/nearby/NearbyScreen';
import { ShakeScreen } from './screens/shake/ShakeScreen';
import { DownloadScreen } from './screens/download/DownloadScreen';
import { IntroScreen } from './screens/intro/IntroScreen';
import { WebViewScreen } from './screens/webview/WebViewScreen';
import { NotFoundScreen } from './screens/common/NotFoundScreen';
import { ErrorScreen } from './screens/common/ErrorScreen';

/** Every page of the spec's table (plus sign-up), by what it is. */
export const paths = {
  home: HOME,
  login: '/wx/login/index',
  loginPlain: '/wl/login/index',
  piLogin: '/wx/login/piLogin',
  /** Not in the spec's table, which names no sign-up page; added in its style. */
  register: '/wx/register/index',
  detect: '/wx/detect/index',
  intro: '/wx/intro/index',
  agreement: '/pages/agreement/index',
  webView: '/pages/web-view/index',
  chatWindow: '/wx/chatWindow/index',
  message: '/wx/tabbar1/index',
  contact: '/wx/tabbar2/index',
  discover: '/wx/tabbar3/index',
  me: '/wx/tabbar4/index',
  createGroup: '/wx/group/createGroup',
  shake: '/wx/shake/index',
  nearby: '/wx/nearby/index',
  momentsMessages: '/wx/friendsCircle/msglist',
  moments: '/wx/friendsCircle/index',
  myAlbum: '/wx/friendsCircle/person',
  postMoment: '/wx/friendsCircle/sendMsg',
  momentDetail: '/wx/friendsCircle/detail',
  settings: '/wx/system/index',
  /** Not in the spec's table: the ways into the account, under Settings (the server returns here after linking). */
  accounts: '/wx/system/accounts',
  download: '/wx/download/index',
  search: '/wx/search/index',
  newFriends: '/wx/search-friends/index',
  friendRequest: '/wx/search-friends/add',
  personalInfo: '/wx/personDetail/index',
  editNickName: '/wx/personDetail/editNikeName',
  editChatNo: '/wx/personDetail/editchatNo',
  editIntro: '/wx/personDetail/editIntro',
  editGender: '/wx/personDetail/editGender',
  editAddress: '/wx/personDetail/editAddress',
  editPassword: '/wx/personDetail/editPass',
  language: '/wx/personDetail/languageSwitch',
  myQrCode: '/wx/personDetail/QRcode',
  addFriendDetail: '/wx/personInfo/addFriendsDetail',
  setRemark: '/wx/personInfo/beizhu',
  contactInfo: '/wx/personInfo/detail',
  profileSettings: '/wx/personInfo/edit',
  chatInfo: '/wx/groupInfo/detail',
  selectContact: '/wx/groupInfo/qunAdd',
  chatMembers: '/wx/groupInfo/qunless',
  editGroupName: '/wx/groupInfo/editGroupName',
  editGroupNotice: '/wx/groupInfo/editGroupNotice',
  groupChatInfo: '/wx/groupInfo/scanCodeDetail',
  groupList: '/wx/groupInfo/grouplist',
  groupQrCode: '/wx/groupInfo/QRcode',
  feedback: '/wx/feedback/index',
  favorites: '/wx/favorites/index',
  addFavorite: '/wx/favorites/add',
} as const;

/** The tab pages, in tab order (badge 0 = Message … 3 = Me). */
const tabs: readonly TabDef[] = [
  { url: paths.message, label: 'tabs.message', Icon: MessageOutline, ActiveIcon: MessageFill },
  { url: paths.contact, label: 'tabs.contact', Icon: PhonebookOutline, ActiveIcon: PhonebookFill },
  { url: paths.discover, label: 'tabs.discover', Icon: CompassOutline, ActiveIcon: CompassOutline },
  { url: paths.me, label: 'tabs.me', Icon: UserOutline, ActiveIcon: UserCircleOutline },
];

const page = (path: string, element: RouteObject['element']): RouteObject => ({
  path,
  element,
  caseSensitive: true,
});

const loginProps = {
  homeUrl: paths.message,
  signUpUrl: paths.register,
  agreementUrl: paths.agreement,
  introUrl: paths.intro,
  piLoginUrl: paths.piLogin,
} as const;

const routes: RouteObject[] = [
  {
    errorElement: <ErrorScreen />,
    children: [
      page(
        paths.home,
        <RedirectIfSignedIn to={paths.message}>
          <LoginScreen header="brand" {...loginProps} />
        </RedirectIfSignedIn>,
      ),
      page(paths.login, <LoginScreen header="brand" {...loginProps} />),
      page(paths.loginPlain, <LoginScreen header="bar" {...loginProps} />),
      page(paths.register, <RegisterScreen homeUrl={paths.message} agreementUrl={paths.agreement} />),
      page(paths.detect, <DetectScreen loginUrl={paths.login} piLoginUrl={paths.piLogin} />),
      page(paths.piLogin, <PiLoginScreen homeUrl={paths.message} loginUrl={paths.login} />),
      page(paths.agreement, <AgreementScreen />),
      page(paths.download, <DownloadScreen />),
      page(paths.webView, <WebViewScreen />),
      page(
        paths.intro,
        <IntroScreen links={{ login: paths.loginPlain, signUp: paths.register, home: paths.message }} />,
      ),
      {
        element: <RequireAuth loginUrl={paths.login} />,
        children: [
          {
            element: <TabLayout tabs={tabs} />,
            children: [
              page(
                paths.message,
                <ChatListScreen
                  chatWindowUrl={paths.chatWindow}
                  createGroupUrl={paths.createGroup}
                  searchUrl={paths.search}
                />,
              ),
              page(
                paths.contact,
                <ContactsScreen
                  newFriendsUrl={paths.newFriends}
                  groupChatsUrl={paths.groupList}
                  searchUrl={paths.search}
                  contactInfoUrl={paths.contactInfo}
                />,
              ),
              page(
                paths.discover,
                <DiscoverScreen momentsUrl={paths.moments} shakeUrl={paths.shake} nearbyUrl={paths.nearby} />,
              ),
              page(
                paths.me,
                <MeScreen
                  links={{
                    personalInfo: paths.personalInfo,
                    album: paths.myAlbum,
                    favorites: paths.favorites,
                    settings: paths.settings,
                    language: paths.language,
                    feedback: paths.feedback,
                    download: paths.download,
                  }}
                />,
              ),
            ],
          },
          page(paths.language, <LanguageScreen />),
          page(
            paths.settings,
            <SettingsScreen
              links={{
                language: paths.language,
                password: paths.editPassword,
                accounts: paths.accounts,
                agreement: paths.agreement,
                intro: paths.intro,
              }}
            />,
          ),
          page(
            paths.personalInfo,
            <PersonalInfoScreen
              links={{
                nickName: paths.editNickName,
                chatNo: paths.editChatNo,
                qrCode: paths.myQrCode,
                gender: paths.editGender,
                region: paths.editAddress,
                bio: paths.editIntro,
                password: paths.editPassword,
              }}
            />,
          ),
          page(paths.accounts, <AccountsScreen passwordUrl={paths.editPassword} />),
          page(paths.editNickName, <EditNickNameScreen />),
          page(paths.editChatNo, <EditChatNoScreen />),
          page(paths.editIntro, <EditIntroScreen />),
          page(paths.editGender, <EditGenderScreen />),
          page(paths.editAddress, <EditAddressScreen />),
          page(paths.editPassword, <EditPasswordScreen />),
          page(paths.myQrCode, <QrCodeScreen addFriendUrl={paths.addFriendDetail} />),
          page(paths.search, <SearchScreen addFriendDetailUrl={paths.addFriendDetail} />),
          page(
            paths.newFriends,
            <NewFriendsScreen searchUrl={paths.search} contactInfoUrl={paths.contactInfo} />,
          ),
          page(paths.friendRequest, <FriendRequestScreen />),
          page(
            paths.addFriendDetail,
            <AddFriendDetailScreen friendRequestUrl={paths.friendRequest} chatWindowUrl={paths.chatWindow} />,
          ),
          page(
            paths.contactInfo,
            <ContactInfoScreen
              chatWindowUrl={paths.chatWindow}
              friendRequestUrl={paths.friendRequest}
              profileSettingsUrl={paths.profileSettings}
              albumUrl={paths.myAlbum}
            />,
          ),
          page(
            paths.profileSettings,
            <ProfileSettingsScreen setRemarkUrl={paths.setRemark} contactUrl={paths.contact} />,
          ),
          page(paths.setRemark, <SetRemarkScreen />),
          page(
            paths.chatWindow,
            <ChatWindowScreen
              contactInfoUrl={paths.contactInfo}
              chatInfoUrl={paths.chatInfo}
              downloadUrl={paths.download}
              addFriendDetailUrl={paths.addFriendDetail}
            />,
          ),
          page(paths.createGroup, <CreateGroupScreen chatWindowUrl={paths.chatWindow} />),
          page(paths.groupList, <GroupListScreen chatWindowUrl={paths.chatWindow} />),
          page(
            paths.chatInfo,
            <ChatInfoScreen
              links={{
                contactInfo: paths.contactInfo,
                addMembers: paths.selectContact,
                members: paths.chatMembers,
                editName: paths.editGroupName,
                editNotice: paths.editGroupNotice,
                qrCode: paths.groupQrCode,
                message: paths.message,
              }}
            />,
          ),
          page(paths.selectContact, <AddMembersScreen />),
          page(paths.chatMembers, <ChatMembersScreen contactInfoUrl={paths.contactInfo} />),
          page(paths.editGroupName, <EditGroupNameScreen />),
          page(paths.editGroupNotice, <EditGroupNoticeScreen />),
          page(paths.groupQrCode, <GroupQrCodeScreen scanCodeUrl={paths.groupChatInfo} />),
          page(paths.groupChatInfo, <ScanCodeDetailScreen chatWindowUrl={paths.chatWindow} />),
          page(
            paths.moments,
            <MomentsScreen
              postUrl={paths.postMoment}
              albumUrl={paths.myAlbum}
              detailUrl={paths.momentDetail}
              messagesUrl={paths.momentsMessages}
            />,
          ),
          page(paths.postMoment, <PostMomentScreen />),
          page(paths.feedback, <FeedbackScreen />),
          page(paths.nearby, <NearbyScreen addFriendDetailUrl={paths.addFriendDetail} />),
          page(
            paths.shake,
            <ShakeScreen addFriendDetailUrl={paths.addFriendDetail} downloadUrl={paths.download} />,
          ),
          page(
            paths.favorites,
            <FavoritesScreen
              addUrl={paths.addFavorite}
              addFriendDetailUrl={paths.addFriendDetail}
              downloadUrl={paths.download}
            />,
          ),
          page(paths.addFavorite, <AddFavoriteScreen />),
          page(paths.myAlbum, <AlbumScreen detailUrl={paths.momentDetail} postUrl={paths.postMoment} />),
          page(paths.momentDetail, <MomentDetailScreen albumUrl={paths.myAlbum} />),
          page(paths.momentsMessages, <InteractionsScreen detailUrl={paths.momentDetail} />),
        ],
      },
      { path: '*', element: <NotFoundScreen homeUrl={paths.home} /> },
    ],
  },
];

/** What the navigation rules need to know of the table. */
export const routeIndex: RouteIndex = {
  known: new Set(Object.values(paths).map((p) => normalizeUrl(p).path)),
  tabs: new Set(tabs.map((tab) => normalizeUrl(tab.url).path)),
};

/** Where startup and session ends go. */
export const startPaths = { signedIn: paths.message, signedOut: paths.detect, login: paths.login } as const;

export function createAppRouter() {
  const router = createHashRouter(routes);
  const nav = new Navigator(router, routeIndex);
  return { router, nav };
}

/** For tests: the route objects themselves. */
export const appRoutes = routes;
