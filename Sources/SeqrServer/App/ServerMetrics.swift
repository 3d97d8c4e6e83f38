import Metrics
import Prometheus

/// Prometheus metrics for the process: swift-metrics is bootstrapped once, on first use.
public enum ServerMetrics {
    public static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }()
}
