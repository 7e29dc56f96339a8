/**
 * The route table: the one place that names the spec's paths (section 2). Hash mode, base '/'.
 * Route parameters arrive as query values (`wx/chatWindow/index?userId=…`); paths match
 * case-sensitively, exactly as the spec spells them (`editNikeName`, `QRcode`, …).
 *
 * Screens do not know paths: the table hands each the URLs it links to.
 */
import {
  UNSAFE_createHashHistory as createHashHistory,
  unstable_HistoryRouter as HistoryRouter,
  renderMatches,
  useLocation,
  type RouteObject,
} from 'react-router';
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
import { historyRouter, type HistoryRouter as AppRouter } from './nav/historyRouter';
import { HOME, normalizeUrl } from './nav/rules';
import { staticRouteMatcher } from './nav/staticRoutes';
import { TabLayout } from './components/TabLayout';
import type { TabDef } from './components/TabBar';
import { RedirectIfSignedIn, RequireAuth } from './components/routeGuards';
import { lazyPage } from './components/AsyncPage';
import { afterFirstScreen } from './lib/firstScreen';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { NotFoundScreen } from './screens/common/NotFoundScreen';
import { ErrorScreen } from './screens/common/ErrorScreen';

// Every screen loads with its route (components/AsyncPage.tsx); only the frames above are eager.
const LoginScreen = lazyPage(() => import('./screens/auth/LoginScreen').then((m) => m.LoginScreen), {
  firstPage: true,
});
const PiLoginScreen = lazyPage(() => import('./screens/auth/PiLoginScreen').then((m) => m.PiLoginScreen));
const RegisterScreen = lazyPage(() => import('./screens/auth/RegisterScreen').then((m) => m.RegisterScreen));
const DetectScreen = lazyPage(() => import('./screens/detect/DetectScreen').then((m) => m.DetectScreen), {
  firstPage: true,
});
const ChatWindowScreen = lazyPage(() =>
  import('./screens/chat/ChatWindowScreen').then((m) => m.ChatWindowScreen),
);
const ChatHistoryScreen = lazyPage(() =>
  import('./screens/chat/ChatHistoryScreen').then((m) => m.ChatHistoryScreen),
);
// A chat is opened from the Message tab: its screen's code loads once the tab has drawn its
// chats, so a tap on a chat waits for its messages only (a failed preload is tried again on the
// tap). The tab's content is its chats, drawn after the screen (drawsLater).
const ChatListScreen = lazyPage(
  () =>
    import('./screens/messages/ChatListScreen').then((m) => {
      afterFirstScreen(() => void ChatWindowScreen.preload().catch(() => undefined));
      return m.ChatListScreen;
    }),
  { firstPage: true, drawsLater: true },
);
const ContactsScreen = lazyPage(() =>
  import('./screens/contacts/ContactsScreen').then((m) => m.ContactsScreen),
);
const SearchScreen = lazyPage(() => import('./screens/search/SearchScreen').then((m) => m.SearchScreen));
const FindFriendScreen = lazyPage(() => import('./screens/friends/SearchScreen').then((m) => m.SearchScreen));
const NewFriendsScreen = lazyPage(() =>
  import('./screens/friends/NewFriendsScreen').then((m) => m.NewFriendsScreen),
);
const FriendRequestScreen = lazyPage(() =>
  import('./screens/friends/FriendRequestScreen').then((m) => m.FriendRequestScreen),
);
const AddFriendDetailScreen = lazyPage(() =>
  import('./screens/friends/AddFriendDetailScreen').then((m) => m.AddFriendDetailScreen),
);
const ContactInfoScreen = lazyPage(() =>
  import('./screens/friends/ContactInfoScreen').then((m) => m.ContactInfoScreen),
);
const ProfileSettingsScreen = lazyPage(() =>
  import('./screens/friends/ProfileSettingsScreen').then((m) => m.ProfileSettingsScreen),
);
const SetRemarkScreen = lazyPage(() =>
  import('./screens/friends/SetRemarkScreen').then((m) => m.SetRemarkScreen),
);
const DiscoverScreen = lazyPage(() =>
  import('./screens/discover/DiscoverScreen').then((m) => m.DiscoverScreen),
);
const MeScreen = lazyPage(() => import('./screens/me/MeScreen').then((m) => m.MeScreen));
const LanguageScreen = lazyPage(() => import('./screens/me/LanguageScreen').then((m) => m.LanguageScreen));
const SettingsScreen = lazyPage(() => import('./screens/me/SettingsScreen').then((m) => m.SettingsScreen));
const AccountsScreen = lazyPage(() => import('./screens/me/AccountsScreen').then((m) => m.AccountsScreen));
const PersonalInfoScreen = lazyPage(() =>
  import('./screens/profile/PersonalInfoScreen').then((m) => m.PersonalInfoScreen),
);
const EditNickNameScreen = lazyPage(() =>
  import('./screens/profile/EditNickNameScreen').then((m) => m.EditNickNameScreen),
);
const EditChatNoScreen = lazyPage(() =>
  import('./screens/profile/EditChatNoScreen').then((m) => m.EditChatNoScreen),
);
const EditIntroScreen = lazyPage(() =>
  import('./screens/profile/EditIntroScreen').then((m) => m.EditIntroScreen),
);
const EditGenderScreen = lazyPage(() =>
  import('./screens/profile/EditGenderScreen').then((m) => m.EditGenderScreen),
);
const EditAddressScreen = lazyPage(() =>
  import('./screens/profile/EditAddressScreen').then((m) => m.EditAddressScreen),
);
const EditPasswordScreen = lazyPage(() =>
  import('./screens/profile/EditPasswordScreen').then((m) => m.EditPasswordScreen),
);
const QrCodeScreen = lazyPage(() => import('./screens/profile/QrCodeScreen').then((m) => m.QrCodeScreen));
const CreateGroupScreen = lazyPage(() =>
  import('./screens/groups/CreateGroupScreen').then((m) => m.CreateGroupScreen),
);
const GroupListScreen = lazyPage(() =>
  import('./screens/groups/GroupListScreen').then((m) => m.GroupListScreen),
);
const ChatInfoScreen = lazyPage(() =>
  import('./screens/groups/ChatInfoScreen').then((m) => m.ChatInfoScreen),
);
const AddMembersScreen = lazyPage(() =>
  import('./screens/groups/AddMembersScreen').then((m) => m.AddMembersScreen),
);
const ChatMembersScreen = lazyPage(() =>
  import('./screens/groups/ChatMembersScreen').then((m) => m.ChatMembersScreen),
);
const EditGroupNameScreen = lazyPage(() =>
  import('./screens/groups/EditGroupNameScreen').then((m) => m.EditGroupNameScreen),
);
const EditGroupNoticeScreen = lazyPage(() =>
  import('./screens/groups/EditGroupNoticeScreen').then((m) => m.EditGroupNoticeScreen),
);
const GroupQrCodeScreen = lazyPage(() =>
  import('./screens/groups/GroupQrCodeScreen').then((m) => m.GroupQrCodeScreen),
);
const ScanCodeDetailScreen = lazyPage(() =>
  import('./screens/groups/ScanCodeDetailScreen').then((m) => m.ScanCodeDetailScreen),
);
const AgreementScreen = lazyPage(() =>
  import('./screens/agreement/AgreementScreen').then((m) => m.AgreementScreen),
);
const MomentsScreen = lazyPage(() => import('./screens/moments/MomentsScreen').then((m) => m.MomentsScreen));
const PostMomentScreen = lazyPage(() =>
  import('./screens/moments/PostMomentScreen').then((m) => m.PostMomentScreen),
);
const AlbumScreen = lazyPage(() => import('./screens/moments/AlbumScreen').then((m) => m.AlbumScreen));
const MomentDetailScreen = lazyPage(() =>
  import('./screens/moments/MomentDetailScreen').then((m) => m.MomentDetailScreen),
);
const InteractionsScreen = lazyPage(() =>
  import('./screens/moments/InteractionsScreen').then((m) => m.InteractionsScreen),
);
const AddFavoriteScreen = lazyPage(() =>
  import('./screens/favorites/AddFavoriteScreen').then((m) => m.AddFavoriteScreen),
);
const FavoritesScreen = lazyPage(() =>
  import('./screens/favorites/FavoritesScreen').then((m) => m.FavoritesScreen),
);
const FeedbackScreen = lazyPage(() =>
  import('./screens/feedback/FeedbackScreen').then((m) => m.FeedbackScreen),
);
const NearbyScreen = lazyPage(() => import('./screens/nearby/NearbyScreen').then((m) => m.NearbyScreen));
const ShakeScreen = lazyPage(() => import('./screens/shake/ShakeScreen').then((m) => m.ShakeScreen));
const DownloadScreen = lazyPage(() =>
  import('./screens/download/DownloadScreen').then((m) => m.DownloadScreen),
);
const IntroScreen = lazyPage(() => import('./screens/intro/IntroScreen').then((m) => m.IntroScreen));
const WebViewScreen = lazyPage(() => import('./screens/webview/WebViewScreen').then((m) => m.WebViewScreen));

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
  /** Not in the spec's table: a "Chat history" card's messages (`chatId`, `msgId`, `seq`). */
  chatHistory: '/wx/chatWindow/history',
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
  /** Not in the spec's table: Add contacts, the PipID lookup (from "+" and New Friends). */
  findFriend: '/wx/search/friend',
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
    children: [
      page(
        paths.home,
        <RedirectIfSignedIn to={paths.message}>
          <LoginScreen header="brand" {...loginProps} />
        </RedirectIfSignedIn>,
      ),
      page(
        paths.login,
        <RedirectIfSignedIn to={paths.message}>
          <LoginScreen header="brand" {...loginProps} />
        </RedirectIfSignedIn>,
      ),
      page(
        paths.loginPlain,
        <RedirectIfSignedIn to={paths.message}>
          <LoginScreen header="bar" {...loginProps} />
        </RedirectIfSignedIn>,
      ),
      page(
        paths.register,
        <RedirectIfSignedIn to={paths.message}>
          <RegisterScreen homeUrl={paths.message} agreementUrl={paths.agreement} />
        </RedirectIfSignedIn>,
      ),
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
                  addContactsUrl={paths.findFriend}
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
          page(
            paths.search,
            <SearchScreen
              chatWindowUrl={paths.chatWindow}
              contactInfoUrl={paths.contactInfo}
              addFriendDetailUrl={paths.addFriendDetail}
            />,
          ),
          page(paths.findFriend, <FindFriendScreen addFriendDetailUrl={paths.addFriendDetail} />),
          page(
            paths.newFriends,
            <NewFriendsScreen searchUrl={paths.findFriend} contactInfoUrl={paths.contactInfo} />,
          ),
          page(paths.friendRequest, <FriendRequestScreen />),
          page(
            paths.addFriendDetail,
            <AddFriendDetailScreen
              friendRequestUrl={paths.friendRequest}
              chatWindowUrl={paths.chatWindow}
              profileSettingsUrl={paths.profileSettings}
            />,
          ),
          page(
            paths.contactInfo,
            <ContactInfoScreen
              chatWindowUrl={paths.chatWindow}
              friendRequestUrl={paths.friendRequest}
              profileSettingsUrl={paths.profileSettings}
              setRemarkUrl={paths.setRemark}
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
              webViewUrl={paths.webView}
              chatHistoryUrl={paths.chatHistory}
            />,
          ),
          page(paths.chatHistory, <ChatHistoryScreen />),
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
          page(
            paths.nearby,
            <NearbyScreen addFriendDetailUrl={paths.addFriendDetail} contactInfoUrl={paths.contactInfo} />,
          ),
          page(
            paths.shake,
            <ShakeScreen
              addFriendDetailUrl={paths.addFriendDetail}
              chatWindowUrl={paths.chatWindow}
              downloadUrl={paths.download}
            />,
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
  // WeChat: a chat opened from a person's profile goes back to the chat list.
  backRules: [paths.contactInfo, paths.addFriendDetail].map((from) => ({
    from,
    page: paths.chatWindow,
    back: paths.message,
  })),
};

/** Where startup and session ends go. */
export const startPaths = { signedIn: paths.message, signedOut: paths.detect, login: paths.login } as const;

/** The pages the app opens on, by path: their code is fetched as the app starts. */
const firstPages: Record<string, { preload(): Promise<void> }> = {
  [paths.message]: ChatListScreen,
  [paths.detect]: DetectScreen,
  [paths.login]: LoginScreen,
};

/**
 * Starts fetching the code of the page at `hash` if it is a first page, as the app starts: it
 * then arrives alongside the app's own instead of after React has first drawn the route.
 */
export function preloadFirstPage(hash: string): void {
  firstPages[normalizeUrl(hash).path]?.preload().catch(() => undefined);
}

export function createAppRouter() {
  const router = historyRouter(createHashHistory({ v5Compat: true }));
  const nav = new Navigator(router, routeIndex);
  return { router, nav };
}

const matchesOf = staticRouteMatcher(routes);

function RoutedPages() {
  const location = useLocation();
  // A screen that threw shows the error page until the next navigation.
  return (
    <RouteErrorBoundary page={location.key} fallback={<ErrorScreen />}>
      {renderMatches(matchesOf(location.pathname))}
    </RouteErrorBoundary>
  );
}

/** The pages of the route table, at the router's location. */
export function AppRoutes({ router }: { router: AppRouter }) {
  return (
    <HistoryRouter history={router.history}>
      <RoutedPages />
    </HistoryRouter>
  );
}

/** For tests: the route objects themselves. */
export const appRoutes = routes;
