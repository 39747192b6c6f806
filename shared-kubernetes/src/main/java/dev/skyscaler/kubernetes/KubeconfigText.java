package dev.skyscaler.kubernetes;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.internal.KubeConfigUtils;
import io.fabric8.kubernetes.client.utils.Utils;

/**
 * Reads the kubeconfig text of a cloud secret store (Secrets Manager, Key Vault) into fabric8's
 * client {@link Config}: first checked by {@link KubeconfigRules} (no {@code exec} plugin, no
 * {@code auth-provider}, no file path, TLS checked against inline CA data), then read exactly as
 * {@code Config.fromKubeconfig(text)} reads it (current context, server, CA, credentials, then the
 * same system-property and environment overrides), but without fabric8's global {@code
 * Serialization}.
 *
 * <p>Why: the kubeconfig model has {@code extensions} fields typed as any Kubernetes resource, and
 * the first such field the global serialization meets makes it register every resource kind of
 * every model jar, constructing one object of each of ~340 classes: a large part of a Lambda cold
 * start (ADR 0012), spent on kinds no kubeconfig holds. {@link ReadView}'s serialization, built
 * with {@code searchClassloaders=false}, registers none of them; an extension, should a kubeconfig
 * have one, is then read as a generic resource, which is all fabric8 ever does with it.
 *
 * <p>{@link KubeConfigUtils#merge} is in fabric8's {@code internal} package; {@code
 * KubeconfigTextTest} pins that the result equals {@code Config.fromKubeconfig}'s for every
 * credential form, so an upgrade that changes it fails there.
 */
public final class KubeconfigText {
  private static final String DISABLE_AUTO_CONFIG =
      Config.KUBERNETES_DISABLE_AUTO_CONFIG_SYSTEM_PROPERTY;

  private KubeconfigText() {}

  /**
   * The client configuration the text's current context gives, once its entries pass {@link
   * KubeconfigRules}: nothing in the text is run or read from a file.
   *
   * @param source what the text is, for messages (e.g. {@code kubeconfig in secret <arn>})
   * @throws ConnectionException naming {@code source} and the fields that break the rules
   * @throws IllegalArgumentException when the text is empty or not a kubeconfig document; fabric8's
   *     parser exceptions (whose messages carry the line and column) as they are
   */
  public static Config parse(String text, String source) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("the kubeconfig is empty");
    }
    if (text.length() > ParseLimits.MAX_SETTINGS_BYTES) {
      throw new IllegalArgumentException(
          "the kubeconfig has " + text.length() + " characters; at most 1 MiB is read");
    }
    io.fabric8.kubernetes.api.model.Config kubeconfig;
    try {
      kubeconfig =
          ReadView.SERIALIZATION.unmarshal(text, io.fabric8.kubernetes.api.model.Config.class);
    } catch (StackOverflowError e) {
      // fabric8's YAML reader has no depth limit of its own; a secret is at most 64 KB
      throw new IllegalArgumentException(
          "the kubeconfig is nested too deeply to read (StackOverflowError)");
    }
    if (kubeconfig == null) {
      throw new IllegalArgumentException("the kubeconfig has no document");
    }
    KubeconfigRules.check(kubeconfig, source);
    Config config = Config.empty();
    KubeConfigUtils.merge(config, null, kubeconfig);
    if (!Utils.getSystemPropertyOrEnvVar(DISABLE_AUTO_CONFIG, false)) {
      Config.configFromSysPropsOrEnvVars(config);
    }
    return config;
  }
}
