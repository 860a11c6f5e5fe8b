import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { registerRouterBridge } from "../providers/router-bridge";

/** Lets code outside React (the HTTP layer) navigate inside the router and know the current path. */
export function RouterBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  useEffect(() => {
    registerRouterBridge({ navigate: (to) => navigate(to, { replace: true }), pathname: () => pathname.current });
    return () => registerRouterBridge(null);
  }, [navigate]);
  return null;
}
