// competitive_coding_challenges: our five example rows (balanced brackets, best stretch, grid
// walks, counting inversions for a subtask and for the whole problem), recognised by their titles
// and answered with a ```cpp block. Wrong path: a program that passes some tests and misses one
// trap (bracket kinds, 32-bit overflow, the modulus, or an O(N^2) count that runs out of time on
// the large tests while passing the small ones). NeMo's own rows carry no statement: declined.
import { lastUserText } from "../policy/conversation.ts";
import { decline, say, type Action, type Situation, type Skill } from "../policy/types.ts";

interface Problem {
  recognise: RegExp;
  right: string;
  wrong: string;
}

const PROBLEMS: Problem[] = [
  {
    recognise: /# Balanced brackets/,
    right: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    int t;
    cin >> t;
    while (t--) {
        string s;
        cin >> s;
        string st;
        bool ok = true;
        for (char c : s) {
            if (c == '(' || c == '[' || c == '{') st.push_back(c);
            else {
                char want = c == ')' ? '(' : c == ']' ? '[' : '{';
                if (st.empty() || st.back() != want) { ok = false; break; }
                st.pop_back();
            }
        }
        cout << (ok && st.empty() ? "YES" : "NO") << "\n";
    }
}`,
    wrong: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    int t;
    cin >> t;
    while (t--) {
        string s;
        cin >> s;
        int depth = 0;
        bool ok = true;
        for (char c : s) {
            depth += (c == '(' || c == '[' || c == '{') ? 1 : -1;
            if (depth < 0) ok = false;
        }
        cout << (ok && depth == 0 ? "YES" : "NO") << "\n";
    }
}`,
  },
  {
    recognise: /# Best stretch/,
    right: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    cin >> n;
    long long best = LLONG_MIN, cur = 0;
    for (int i = 0; i < n; i++) {
        long long x;
        cin >> x;
        cur = max(x, cur + x);
        best = max(best, cur);
    }
    cout << best << "\n";
}`,
    wrong: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    int n;
    cin >> n;
    int best = INT_MIN, cur = 0;
    for (int i = 0; i < n; i++) {
        int x;
        cin >> x;
        cur = max(x, cur + x);
        best = max(best, cur);
    }
    cout << best << "\n";
}`,
  },
  {
    recognise: /# Grid walks/,
    right: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    const long long MOD = 1000000007;
    int h, w;
    cin >> h >> w;
    vector<string> g(h);
    for (auto& row : g) cin >> row;
    vector<long long> dp(w, 0);
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++) {
            if (g[i][j] == '#') dp[j] = 0;
            else if (i == 0 && j == 0) dp[j] = 1;
            else dp[j] = (dp[j] + (j ? dp[j - 1] : 0)) % MOD;
        }
    cout << dp[w - 1] << "\n";
}`,
    wrong: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    int h, w;
    cin >> h >> w;
    vector<string> g(h);
    for (auto& row : g) cin >> row;
    vector<long long> dp(w, 0);
    for (int i = 0; i < h; i++)
        for (int j = 0; j < w; j++) {
            if (g[i][j] == '#') dp[j] = 0;
            else if (i == 0 && j == 0) dp[j] = 1;
            else dp[j] = dp[j] + (j ? dp[j - 1] : 0);
        }
    cout << dp[w - 1] << "\n";
}`,
  },
  {
    recognise: /# Counting inversions/,
    right: String.raw`#include <bits/stdc++.h>
using namespace std;

long long sortCount(vector<long long>& a, vector<long long>& tmp, int lo, int hi) {
    if (hi - lo < 2) return 0;
    int mid = (lo + hi) / 2;
    long long count = sortCount(a, tmp, lo, mid) + sortCount(a, tmp, mid, hi);
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi) {
        if (a[i] <= a[j]) tmp[k++] = a[i++];
        else { count += mid - i; tmp[k++] = a[j++]; }
    }
    while (i < mid) tmp[k++] = a[i++];
    while (j < hi) tmp[k++] = a[j++];
    for (int x = lo; x < hi; x++) a[x] = tmp[x];
    return count;
}

int main() {
    long long n, s;
    cin >> n >> s;
    vector<long long> a(n), tmp(n);
    a[0] = s;
    for (int i = 1; i < n; i++) a[i] = (a[i - 1] * 1103515245LL + 12345) % 2147483648LL;
    cout << sortCount(a, tmp, 0, n) << "\n";
}`,
    wrong: String.raw`#include <bits/stdc++.h>
using namespace std;

int main() {
    long long n, s;
    cin >> n >> s;
    vector<long long> a(n);
    a[0] = s;
    for (int i = 1; i < n; i++) a[i] = (a[i - 1] * 1103515245LL + 12345) % 2147483648LL;
    long long count = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (a[i] > a[j]) count++;
    cout << count << "\n";
}`,
  },
];

function play({ turns, correct }: Situation): Action {
  const problem = PROBLEMS.find((p) => p.recognise.test(lastUserText(turns)));
  if (!problem) return decline("I cannot solve this problem.");
  return say(`Here is my solution.\n\n\`\`\`cpp\n${correct ? problem.right : problem.wrong}\n\`\`\``);
}

export default { play } satisfies Skill;
