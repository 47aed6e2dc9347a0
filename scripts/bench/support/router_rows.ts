// The gateway router's session table as its operator route shows it: GET /admin/endpoints lists
// each endpoint's sessions seen within the gateway's session_ttl_s (FleetRouterDO.status), which
// needs the gateway's admin_api_key. The only reading of that table a running stack offers.
export async function routerRows(gatewayUrl: string, adminKey: string): Promise<number | null> {
  try {
    const response = await fetch(`${gatewayUrl}/admin/endpoints`, { headers: { authorization: `Bearer ${adminKey}` }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return null;
    const { endpoints } = (await response.json()) as { endpoints: { sessions: number }[] };
    return endpoints.reduce((sum, e) => sum + e.sessions, 0);
  } catch {
    return null;
  }
}
